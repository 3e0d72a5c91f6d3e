import type { PortalRequest } from '@portal/platform';

/** A request whose body @fastify/multipart reads: the upload routes take their one file from the field `file`. */
export type MultipartRequest = PortalRequest & {
  isMultipart?: () => boolean;
  file?: (opts?: unknown) => Promise<{ mimetype: string; toBuffer(): Promise<Buffer>; file: { truncated: boolean } } | undefined>;
};
