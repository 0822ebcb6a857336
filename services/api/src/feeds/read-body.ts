import type { Request } from 'express';
import { ProblemException } from '@platform/server-kit';

export const tooLarge = (limit: number): ProblemException =>
  new ProblemException({
    status: 413,
    title: 'Feed too large',
    detail: `The body is larger than the ${Math.round(limit / 1024 / 1024)} MB limit. Split the stock into delta pushes, or push a smaller snapshot per dealership.`,
  });

/** Reads the raw request body, refusing it (`refuse`, a feed's 413 by default) as soon as it passes `limit` bytes. */
export async function readBody(
  request: Request,
  limit: number,
  refuse: (limit: number) => ProblemException = tooLarge,
): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    request.resume();
    throw refuse(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      request.resume();
      throw refuse(limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The token of an 'Authorization: Bearer <token>' header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
