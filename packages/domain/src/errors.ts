/**
 * The one error catalogue: every error the API returns has a stable code, an HTTP status
 * and a default message (SPEC section 8 messages where the spec gives them).
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, message: 'Validation failed' },
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  INVALID_SORT: { status: 400, message: 'Unknown sort field' },
  STATIC_KEY_TYPE: { status: 400, message: 'type must be domain or industry' },
  MISSING_CASE_OR_DD_ID: { status: 400, message: 'miss case-id or dd-id' },
  MISSING_CASE_ID: { status: 400, message: 'miss case-id' },
  CASE_ID_REQUIRED: { status: 400, message: 'case id is required' },
  PARAMS_REQUIRED: { status: 400, message: 'Params is required' },
  ID_REQUIRED: { status: 400, message: 'ID is required' },
  CASE_OR_CLIENT_ID_REQUIRED: { status: 400, message: 'Case ID or Client ID is required' },
  INTEREST_ID_REQUIRED: { status: 400, message: 'interest ID is required' },
  CLIENT_ID_REQUIRED: { status: 400, message: 'Client ID is required' },
  CLIENT_OR_CONTACT_ID_REQUIRED: { status: 400, message: 'Client or Contact ID is required' },
  MISSING_QUESTION_OR_CASE_ID: { status: 400, message: 'Missing question or caseId' },
  UNAUTHENTICATED: { status: 401, message: 'Authentication required' },
  INVALID_TOKEN: { status: 401, message: 'Invalid or expired token' },
  INVALID_CREDENTIALS: { status: 401, message: 'Incorrect email or password' },
  // Told only to someone who gave the right password (a wrong one is INVALID_CREDENTIALS).
  ACCOUNT_DEACTIVATED: { status: 403, message: 'This account has been deactivated' },
  WRONG_SIGN_IN_TAB: {
    status: 403,
    message: 'This account signs in elsewhere: see details.use (dashboard, investor or startup)',
  },
  FORBIDDEN: { status: 403, message: 'Forbidden' },
  WRONG_STRATEGY: { status: 403, message: 'This sign-in cannot be used here' },
  MEMBERSHIP_EXPIRED: { status: 403, message: 'Your membership has expired' },
  NDA_REQUIRED: { status: 409, message: "Sign this case's NDA first" },
  INTEREST_NOT_OFFERED: {
    status: 409,
    message:
      'Your membership invests in this case through the fund: interest in a single case is not offered',
  },
  // A signed COI declaring a conflict recuses the investor from the case's IC discussion and allocation (issue 13).
  COI_RECUSED: {
    status: 409,
    message:
      'You declared a conflict of interest on this case: you are recused from its discussion and allocation',
  },
  // A startup LOI is addressed to the case's startup user (issue 14): a case without one has nobody to sign it.
  CASE_HAS_NO_STARTUP: {
    status: 409,
    message: 'This case has no startup account to address the letter to',
  },
  COI_DECLARATION_REQUIRED: {
    status: 409,
    message: 'Declare whether you have a conflict of interest before signing this declaration',
  },
  NOT_FOUND: { status: 404, message: 'Not Found' },
  EMPLOYEE_NOT_FOUND: { status: 404, message: 'Employee Not Found' },
  CASE_NOT_FOUND: { status: 404, message: 'Case not found' },
  CONFIG_NOT_FOUND: { status: 404, message: 'No configuration under this key' },
  DOCUMENT_NOT_FOUND: { status: 404, message: 'Document not found' },
  CLIENT_NOT_FOUND: { status: 404, message: 'Client not found' },
  DOCUMENT_BATCH_NOT_FOUND: { status: 404, message: 'Document batch not found' },
  // The client book (issue 9): sa work p0–p4, ir p5–p6, both drop (clientRules.ts).
  CLIENT_STAGE_NOT_ALLOWED: {
    status: 403,
    message: 'Your role does not work clients in this contact stage',
  },
  CLIENT_MOVE_NOT_ALLOWED: { status: 409, message: 'This client cannot be moved to this contact stage' },
  EMAIL_TAKEN: { status: 409, message: 'Email already in use' },
  CONFLICT: { status: 409, message: 'Conflict' },
  DOCUMENT_STATE: { status: 409, message: 'The document is not in a state that allows this' },
  DOCUMENT_NOT_SIGNED: { status: 409, message: 'The document has not been signed' },
  // Signing a legal document with a mailed one-time code (issue 12).
  DOCUMENT_NOT_VIEWED: { status: 409, message: 'Open and read the document before signing it' },
  SIGN_CODE_INVALID: { status: 422, message: 'Incorrect verification code' },
  SIGN_CODE_EXPIRED: {
    status: 410,
    message: 'The verification code has expired or was used up. Request a new one.',
  },
  SIGN_CODE_NOT_SENT: {
    status: 503,
    message: 'The verification code could not be mailed. Please try again shortly.',
  },
  SIGN_CODE_LIMIT: {
    status: 429,
    message: 'Too many verification codes were requested for this document. Please try again later.',
  },
  CONFIG_CHANGED: {
    status: 409,
    message: 'The configuration was changed by someone else since it was read',
  },
  STAGE_MOVE_NOT_ALLOWED: { status: 409, message: 'This stage move is not allowed' },
  STAGE_REASON_REQUIRED: { status: 409, message: 'A reason is required for this stage move' },
  STAGE_REQUIREMENTS_MISSING: {
    status: 409,
    message: 'The case does not meet the requirements of the target stage',
  },
  CURRENT_PASSWORD_INCORRECT: { status: 422, message: 'The current password is incorrect' },
  // Mailed single-use links (docs/decisions/0012).
  RESET_LINK_INVALID: {
    status: 410,
    message: 'This password reset link has expired or was already used: request a new one',
  },
  INVITATION_LINK_INVALID: {
    status: 410,
    message: 'This invitation has expired or was already used: ask an admin to send a new one',
  },
  INCORRECT_VERIFICATION_CODE: { status: 422, message: 'Incorrect verification code' },
  // Self-service registration (issue 14): mailed codes and the ticket a right code gives.
  MAIL_CODE_LIMIT: {
    status: 429,
    message: 'Too many verification codes were requested for this address. Please try again later.',
  },
  REGISTRATION_TICKET_INVALID: {
    status: 410,
    message: 'This email confirmation has expired or was already used: confirm your email again',
  },
  PASSWORD_REFUSED: { status: 422, message: 'Choose a stronger password: see details.reason' },
  APPLICATION_PENDING: {
    status: 403,
    message: 'Your membership application is waiting for approval',
  },
  APPLICATION_NOT_PENDING: { status: 409, message: 'This client has no application waiting for approval' },
  // Issue 14: a registered startup's draft case is taken on once, by the AO who handles it.
  APPLICATION_TAKEN: { status: 409, message: 'This application has already been taken on' },
  // Idempotency-Key on creates: a key names one request; replays get its first reply.
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: 'A request with this Idempotency-Key is still in progress: retry shortly',
  },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many failed sign-in attempts. Please try again later.' },
  INTERNAL: { status: 500, message: 'Internal Server Error' },
  DATABASE_UNAVAILABLE: { status: 503, message: 'Database unavailable' },
  // Sub-resources of a case: an id that is missing or belongs to another case.
  TODO_NOT_FOUND: { status: 404, message: 'To-do not found' },
  CALENDAR_NOT_FOUND: { status: 404, message: 'Calendar event not found' },
  CALENDAR_FEED_NOT_FOUND: { status: 404, message: 'Calendar feed not found' },
  COMMENT_NOT_FOUND: { status: 404, message: 'Comment not found' },
  MAINTENANCE_NOT_FOUND: { status: 404, message: 'Maintenance record not found' },
  INFO_NOT_FOUND: { status: 404, message: 'Info update not found' },
  SHAREHOLDER_HISTORY_NOT_FOUND: { status: 404, message: 'Shareholder history not found' },
  ROLE_NOT_FOUND: { status: 404, message: 'Role not found' },
  PANEL_NOT_FOUND: { status: 404, message: 'Panel entry not found' },
  // Due-diligence comments and their import.
  DD_NOT_FOUND: { status: 404, message: 'Due-diligence comment not found' },
  // Sub-resources of a client (issue 9).
  CONTACT_NOT_FOUND: { status: 404, message: 'Contact record not found' },
  CLIENT_ACCOUNT_NOT_FOUND: { status: 404, message: 'Account not found' },
  INTEREST_NOT_FOUND: { status: 404, message: 'Interest not found' },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'Notification not found' },
  INTEREST_EXISTS: {
    status: 409,
    message: 'This client already has an interest in this case: edit that one instead',
  },
  IMPORT_FILE_MISSING: { status: 400, message: 'Upload one CSV or XLSX file in the field "file"' },
  IMPORT_FILE_TYPE: { status: 400, message: 'The file must be a CSV (UTF-8) or an XLSX workbook' },
  IMPORT_FILE_UNREADABLE: { status: 400, message: 'The file cannot be read' },
  IMPORT_FILE_TOO_LARGE: { status: 413, message: 'The file is larger than 5 MB' },
  IMPORT_COLUMNS_MISSING: { status: 400, message: 'The file needs a "content" column in its first row' },
  IMPORT_TOO_MANY_ROWS: { status: 400, message: 'The file has more rows than one import takes' },
  // Zip-based uploads (XLSX, later DOCX and PPTX): counted while inflating, whatever the archive declares.
  ARCHIVE_TOO_LARGE: { status: 413, message: 'The file holds too much data once unpacked' },
  // Client files (issue 9): the one file store refuses what is too big or not a document.
  FILE_MISSING: { status: 400, message: 'Upload one file in the field "file"' },
  FILE_TOO_LARGE: { status: 413, message: 'The file is larger than 20 MB' },
  FILE_TYPE_NOT_ALLOWED: {
    status: 415,
    message: 'Only PDF, images (PNG, JPEG, GIF, WebP), Office documents and CSV or text files are accepted',
  },
  FILE_NOT_FOUND: { status: 404, message: 'File not found' },
  // Uploads to the one file store (issue 12): images and documents have limits and kinds of their own.
  IMAGE_TOO_LARGE: { status: 413, message: 'The image is larger than 10 MB' },
  IMAGE_TYPE_NOT_ALLOWED: { status: 415, message: 'Only PNG, JPEG, GIF or WebP images are accepted' },
  DOC_TOO_LARGE: { status: 413, message: 'The document is larger than 50 MB' },
  DOC_TYPE_NOT_ALLOWED: {
    status: 415,
    message: 'Only PDF, Word, Excel and PowerPoint documents, CSV or text files are accepted',
  },
  FILE_OWNER_ONLY: { status: 403, message: 'Only the uploader of a file or an admin may delete it' },
  // The startup's review of its case.
  REVIEW_NOT_FOUND: { status: 404, message: 'Review not found' },
  REVIEW_COMMENT_NOT_FOUND: { status: 404, message: 'Comment not found on this review' },
  REVIEW_CHANGED: {
    status: 409,
    message:
      "Content and status of a review are the startup's: send them as loaded (if the startup saved since, reload)",
  },
  REVIEW_NOT_SUBMITTED: { status: 409, message: 'Only a submitted review can be applied' },
  REVIEW_ALREADY_APPLIED: { status: 409, message: 'This review has already been applied' },
  REVIEW_NOT_APPLICABLE: { status: 409, message: 'This review cannot be applied to the case' },
  // Investor Q&A (issue 13).
  QA_ENTRY_NOT_FOUND: { status: 404, message: 'Q&A entry not found' },
  // Work logs (issue 11).
  WORK_LOG_NOT_FOUND: { status: 404, message: 'Work log not found' },
  // Client groups (issue 9).
  GROUP_NOT_FOUND: { status: 404, message: 'Group not found' },
  GROUP_NAME_TAKEN: { status: 409, message: 'A group with this name already exists' },
  GROUP_MEMBER_NOT_FOUND: { status: 404, message: 'This client is not a member of the group' },
  // Service messages (issue 11): a thread that is missing or another investor's is not found.
  THREAD_NOT_FOUND: { status: 404, message: 'Message thread not found' },
  // The live channel (issue 11): a few open streams per signed-in account.
  TOO_MANY_LIVE_STREAMS: {
    status: 429,
    message: 'Too many live update streams are open for this account: close a tab and retry',
  },
  // The business-card book (issue 11). A card the caller may not read is "not found" to them.
  CARD_NOT_FOUND: { status: 404, message: 'Card not found' },
  CARD_READ_ONLY: { status: 403, message: 'You may read this card but not change it' },
  CARD_OWNER_ONLY: {
    status: 403,
    message: "Only the card's owner or an admin may delete it or see and change who may use it",
  },
  CARD_OWNER_PERMISSION: { status: 409, message: "The owner's rights on their own card cannot be changed" },
  CARD_GROUP_NOT_FOUND: { status: 404, message: 'Card group not found' },
  CARD_GROUP_NAME_TAKEN: { status: 409, message: 'A card group with this name already exists' },
  CARD_GROUP_NOT_YOURS: {
    status: 403,
    message: 'Only the creator of a card group or an admin may change it',
  },
  CARD_IMAGE_NOT_FOUND: { status: 404, message: 'This card has no photo' },
  CARD_IMAGE_TYPE: { status: 415, message: 'The photo must be a PNG, JPEG, GIF or WebP image' },
  CARD_IMAGE_TOO_LARGE: { status: 413, message: 'The photo is larger than 5 MB' },
  CARD_EXPORT_TOO_LARGE: {
    status: 400,
    message: 'More cards match than one export gives (5,000): narrow the search',
  },
  // PDF tools (issue 12): the stamp and PDF to HTML.
  PDF_UNREADABLE: {
    status: 422,
    message: 'The PDF cannot be read: it is damaged, password-protected or encrypted',
  },
  PDF_TOO_LARGE: { status: 413, message: 'The PDF is larger than 50 MB' },
  PDF_TOO_MANY_PAGES: { status: 413, message: 'The PDF has more pages than this tool takes' },
  PDF_URL_NOT_ALLOWED: {
    status: 400,
    message: 'The url must name a file of this platform (/api/v1/files/{id}/content)',
  },
  PDF_BUSY: { status: 503, message: 'PDF processing is busy or took too long: retry shortly' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Body of every error response. */
export interface ErrorBody {
  error: { status: number; code: ErrorCode; message: string; details?: unknown };
}
