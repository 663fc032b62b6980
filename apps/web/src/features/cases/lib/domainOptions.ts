// Domain keys as options are reference data shared with the client book.
export { keyOptionsOf as domainOptionsOf } from '../../../shared/reference/referenceApi.ts';
