/**
 * The bytes of an uploaded part, or null when it exceeded the route's file size limit
 * (@fastify/multipart's FST_REQ_FILE_TOO_LARGE): the caller answers its own "too large". Any
 * other failure (a body cut short) is thrown on: the error filter answers a malformed multipart
 * body 400 (ADR 0081), not "too large".
 */
export async function uploadedBytes(part: { toBuffer(): Promise<Buffer> }): Promise<Buffer | null> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw error;
  }
}
