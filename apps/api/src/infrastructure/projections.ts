import type { ProjectionDefinition } from '@portal/projections-runtime';
import { usersProjection } from '@portal/projection-users';
import { revocationsProjection } from '@portal/projection-revocations';
import { engagementProjection } from '@portal/projection-engagement';
import { searchProjection } from '@portal/projection-search';
import { pagesProjection } from '@portal/projection-pages';
import { catalogueProjection } from '@portal/projection-catalogue';
import { progressProjection } from '@portal/projection-progress';
import { feedsProjection } from '@portal/projection-feeds';
import { answersProjection } from '@portal/projection-answers';
import { scoresProjection } from '@portal/projection-scores';
import { certificatesProjection } from '@portal/projection-certificates';
import { recommendationsProjection } from '@portal/projection-recommendations';
import { bookingLocationsProjection } from '@portal/projection-booking-locations';
import { bookingAvailabilityProjection } from '@portal/projection-booking-availability';
import { bookingBookingsProjection } from '@portal/projection-booking-bookings';
import { bookingCalendarProjection } from '@portal/projection-booking-calendar';
import { companiesProjection } from '@portal/projection-companies';
import { managerDashboardProjection } from '@portal/projection-manager-dashboard';
import { eventsScheduledProjection } from '@portal/projection-events-scheduled';
import { eventsQuizzesProjection } from '@portal/projection-events-quizzes';
import { userActionsProjection } from '@portal/projection-user-actions';
import { reportAnswersProjection } from '@portal/projection-report-answers';
import { reportStationContentProjection } from '@portal/projection-report-station-content';
import { reportStationsProjection } from '@portal/projection-report-stations';
import { reportPodcastDownloadsProjection } from '@portal/projection-report-podcast-downloads';

/** Every read model the API serves (composition root). */
export const PROJECTIONS_LIST: ProjectionDefinition[] = [usersProjection, engagementProjection, searchProjection, pagesProjection, catalogueProjection, progressProjection, feedsProjection, bookingLocationsProjection, bookingAvailabilityProjection, bookingBookingsProjection, bookingCalendarProjection, answersProjection, scoresProjection, certificatesProjection, recommendationsProjection, revocationsProjection, companiesProjection, managerDashboardProjection, eventsScheduledProjection, eventsQuizzesProjection, userActionsProjection, reportAnswersProjection, reportStationContentProjection, reportStationsProjection, reportPodcastDownloadsProjection];
