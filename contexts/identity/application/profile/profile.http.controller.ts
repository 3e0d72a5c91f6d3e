import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, isLocale, type Clock, type Locale } from '@portal/kernel';
import { checkpointToString, type AppendContext, type Checkpoint, type EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, appendContextOf, Authorized, CLOCK, CurrentRequest, EVENT_STORE, MAILER, handleCommand, Public, requireUser, ZodBody, ZodQuery, type AppConfig, type PortalRequest } from '@portal/platform';
import { QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import {
  countriesQuerySchema,
  emailStream,
  flagRequestSchema,
  interactionRequestSchema,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  updateUserProfileRequestSchema,
  userStream,
  ACTING_AREA_VALUES,
  USER_TYPE_VALUES,
  type UpdateUserProfileRequest,
  type UserData,
} from '../../contracts/index.js';
import { emailClaimDecider, userDecider } from '../shared/deciders.js';
import { emailKey } from '../shared/email-key.js';
import { claimEmail } from '../shared/email-claims.js';
import { newActionCode } from '../shared/codes.js';
import { actionLink, renderMail } from '../shared/mail-templates.js';
import { GetUserDataQuery } from '../user-data/user-data.query.js';
import { BRAZIL_STATES, CHOICE_LABELS, countriesFor } from './countries.js';
import { PictureStore } from './picture-store.js';

/** An expired token is said as such (the SPA refreshes and retries); no user at all is 000 §5's code. */
function signedInOrInvalidUid(req: PortalRequest) {
  if (req.principal?.kind === 'user') return req.principal;
  if (req.authError instanceof AppError) throw req.authError;
  throw new AppError('app/invalid-user-uid');
}

const RECOVER_LINK_TTL_MS = 7 * 24 * 3600_000;
type Reply = { header(name: string, value: string): unknown };
type MultipartRequest = PortalRequest & { isMultipart?: () => boolean; file?: (opts?: unknown) => Promise<{ mimetype: string; toBuffer(): Promise<Buffer>; file: { truncated: boolean } } | undefined> };

@Controller()
export class ProfileController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PictureStore) private readonly pictures: PictureStore,
  ) {}

  private now() {
    return this.clock.now().toISOString();
  }

  /** Profile rules of 000 §3 live in the decider; an e-mail change moves the claim and mails a recover link. */
  @Post('updateUserProfile')
  @HttpCode(200)
  @Authorized({ allowIncomplete: true })
  async update(@ZodBody(updateUserProfileRequestSchema) body: UpdateUserProfileRequest, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply): Promise<UserData> {
    const user = requireUser(req.principal);
    const ctx = appendContextOf(req);
    const stream = userStream(user.userId);
    let last: Checkpoint | null = null;
    const { lang, email, ...profile } = body;
    if (email) last = (await this.changeEmail(user.userId, email, lang ?? null, ctx)) ?? last;
    if (Object.keys(profile).length > 0) {
      const { result } = await handleCommand(this.store, stream, userDecider, { type: 'UpdateProfile', data: { ...profile, userId: user.userId, now: this.now() } }, ctx);
      last = result?.checkpoint ?? last;
    }
    if (lang) {
      const { result } = await handleCommand(this.store, stream, userDecider, { type: 'ChangeLocale', data: { lang, now: this.now() } }, ctx);
      last = result?.checkpoint ?? last;
    }
    if (last) reply.header('x-event-position', checkpointToString(last));
    return this.queries.execute(new GetUserDataQuery(user.userId, last));
  }

  private async changeEmail(userId: string, email: string, lang: Locale | null, ctx: AppendContext): Promise<Checkpoint | null> {
    const now = this.clock.now();
    // the new address must be free: claiming it first answers email-already-in-use otherwise
    await claimEmail(this.store, email, userId, now, ctx);
    const { oobCode, codeHash } = newActionCode(userId);
    const { events, state, result } = await handleCommand(
      this.store,
      userStream(userId),
      userDecider,
      { type: 'ChangeEmail', data: { email, recoverCodeHash: codeHash, now: now.toISOString(), recoverExpiresAt: new Date(now.getTime() + RECOVER_LINK_TTL_MS).toISOString() } },
      ctx,
    );
    const changed = events.find((e) => e.type === 'EmailChanged');
    if (!changed || changed.type !== 'EmailChanged' || state.status !== 'registered') return null;
    const locale = lang ?? state.lang ?? 'pt-BR';
    const mail = renderMail('recoverEmail', locale, { link: actionLink(this.config.publicUrl, 'recoverEmail', oobCode, locale), email });
    await this.mailer.send({ to: changed.data.previousEmail, ...mail, category: 'recoverEmail', locale });
    await handleCommand(this.store, emailStream(emailKey(changed.data.previousEmail)), emailClaimDecider, { type: 'ReleaseEmail', data: { email: changed.data.previousEmail, userId, now: now.toISOString() } }, ctx);
    return result?.checkpoint ?? null;
  }

  @Get('userProfileEditOptions')
  @Authorized({ allowIncomplete: true })
  options(@ZodQuery(countriesQuerySchema) q: z.infer<typeof countriesQuerySchema>) {
    const lang: Locale = q.lang && isLocale(q.lang) ? q.lang : 'pt-BR';
    const label = (v: string) => ({ value: v, label: CHOICE_LABELS[lang][v] ?? v });
    return {
      actingAreas: ACTING_AREA_VALUES.map(label),
      userTypes: USER_TYPE_VALUES.map(label),
      countries: countriesFor(lang),
      states: { BR: BRAZIL_STATES.map(([value, name]) => ({ value, label: name })) },
    };
  }

  @Get('countries')
  @Public()
  countries(@ZodQuery(countriesQuerySchema) q: z.infer<typeof countriesQuerySchema>) {
    return countriesFor(q.lang);
  }

  /**
   * Image types only (checked by content, not by the declared type), at most 2 MB. Open to any
   * caller so that one without a register id gets the spec's app/invalid-user-uid (000 §5).
   */
  @Post('user-profile/picture')
  @HttpCode(200)
  @Public()
  async upload(@CurrentRequest() req: MultipartRequest, @Res({ passthrough: true }) reply: Reply) {
    const user = signedInOrInvalidUid(req);
    if (!req.isMultipart?.() || !req.file) throw new AppError('app/bed-request', 'Send the image as multipart/form-data field "file"', [{ path: 'file', message: 'required' }]);
    const part = await req.file({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } });
    if (!part) throw new AppError('app/bed-request', 'Send the image as multipart/form-data field "file"', [{ path: 'file', message: 'required' }]);
    const bytes = await part.toBuffer().catch(() => null);
    if (!bytes || part.file.truncated || bytes.length > PROFILE_PICTURE_MAX_BYTES) {
      throw new AppError('app/bed-request', `File size must not exceed ${PROFILE_PICTURE_MAX_BYTES / 1024}KB`, [{ path: 'file', message: 'fileSize', code: 'too_big' }], { size: PROFILE_PICTURE_MAX_BYTES / 1024 });
    }
    const detected = await fileTypeFromBuffer(bytes);
    if (!detected || !(PROFILE_PICTURE_TYPES as readonly string[]).includes(detected.mime)) {
      throw new AppError('app/bed-request', 'File must be an image', [{ path: 'file', message: 'fileImage' }]);
    }
    const pictureId = randomUUID();
    await this.pictures.save(pictureId, user.userId, detected.mime, bytes);
    const { result } = await handleCommand(
      this.store,
      userStream(user.userId),
      userDecider,
      { type: 'ChangeProfilePicture', data: { pictureId, contentType: detected.mime, size: bytes.length, now: this.now() } },
      appendContextOf(req),
    );
    if (result) reply.header('x-event-position', checkpointToString(result.checkpoint));
    return { profilePicture: `/api/user-profile/picture/${pictureId}` };
  }

  @Delete('user-profile/picture')
  @HttpCode(204)
  @Public()
  async remove(@CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply): Promise<void> {
    const user = signedInOrInvalidUid(req);
    const { result } = await handleCommand(this.store, userStream(user.userId), userDecider, { type: 'RemoveProfilePicture', data: { now: this.now() } }, appendContextOf(req));
    if (result) reply.header('x-event-position', checkpointToString(result.checkpoint));
  }

  /** Served by unguessable id (random uuid) so <img> works without a bearer header. */
  @Get('user-profile/picture/:pictureId')
  @Public()
  async picture(@Param('pictureId') id: string, @Res() reply: { header(n: string, v: string): unknown; type(t: string): { send(b: Buffer): void } }) {
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await this.pictures.get(id) : null;
    if (!found) throw new AppError('404');
    reply.header('cache-control', 'private, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    reply.type(found.contentType).send(found.bytes);
  }

  @Post('user-store/flag')
  @HttpCode(204)
  @Authorized({ allowIncomplete: true })
  async flag(@ZodBody(flagRequestSchema) body: z.infer<typeof flagRequestSchema>, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply): Promise<void> {
    const user = requireUser(req.principal);
    const { result } = await handleCommand(this.store, userStream(user.userId), userDecider, { type: 'SetFlag', data: { key: body.key, value: body.value, now: this.now() } }, appendContextOf(req));
    if (result) reply.header('x-event-position', checkpointToString(result.checkpoint));
  }

  @Post('user-store/interactions')
  @HttpCode(204)
  @Authorized({ allowIncomplete: true })
  async interaction(@ZodBody(interactionRequestSchema) body: z.infer<typeof interactionRequestSchema>, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply): Promise<void> {
    const user = requireUser(req.principal);
    const { result } = await handleCommand(this.store, userStream(user.userId), userDecider, { type: 'RecordInteraction', data: { name: body.name, now: this.now() } }, appendContextOf(req));
    if (result) reply.header('x-event-position', checkpointToString(result.checkpoint));
  }
}
