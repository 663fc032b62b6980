import type { Readable } from 'node:stream';
import type { ServiceContext } from '../../lib/context.ts';

/** A stored file someone may read: its bytes as a stream and what they are. */
export interface ReadableFile {
  stream: Readable;
  mime: string;
  /** Its name, for the title of what is made of it. */
  name?: string;
}

/**
 * Opens a stored file by id for the acting principal: null when there is none, or when the actor
 * may not read it (the same answer, so ids cannot be probed). Given to the PDF routes by the app
 * (AppDeps.readableFiles), so they read the store directly and never by a URL.
 */
export type ReadableFileResolver = (ctx: ServiceContext, id: string) => Promise<ReadableFile | null>;

/** No stored files yet: every id is not found. */
export const noReadableFiles: ReadableFileResolver = async () => null;
