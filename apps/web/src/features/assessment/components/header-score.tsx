import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../../shared/session/use-session';
import { useActiveStationId } from '../../../shared/ui/content-slots';
import { useStationScore } from '../api/scores';
import { displayScore, scoreTextKey } from '../model/score-format';

/**
 * The main header's score (000 §2.8): the active content's questions score plus its others
 * score, "1 point" / "N points". Nothing when no station is on screen or signed out.
 */
export function HeaderScore() {
  const { t } = useTranslation('assessment');
  const signedIn = useSignedIn();
  const stationId = useActiveStationId();
  const { data } = useStationScore(signedIn ? stationId : null);
  if (!data) return null;
  const questions = displayScore(data.station.questionsScore);
  const others = displayScore(data.station.othersScore);
  const points = questions + others;
  return (
    <Badge size="lg" variant="light" color="brand" data-testid="header-score-value" data-score={points} data-station-id={data.stationId} style={{ textTransform: 'none' }}>
      {t(scoreTextKey(points), { points })}
      <VisuallyHidden>{t('score.breakdown', { questions, others })}</VisuallyHidden>
    </Badge>
  );
}
