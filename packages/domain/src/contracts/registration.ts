import { z } from 'zod';
import { NewPassword } from './employees.ts';

/**
 * Self-service registration (issue 14): an email proven by a mailed six-digit code, then a
 * password and the form of the kind chosen. The code's limits are here so the page words them.
 */
export const MAIL_CODE = {
  digits: 6,
  ttlMinutes: 10,
  maxAttempts: 5,
  sendsPerHour: 3,
  /** The page offers "send again" this long after a send. */
  resendAfterSeconds: 30,
  /** How long the ticket a right code gives stays good for finishing the registration. */
  ticketMinutes: 30,
} as const;

export const REGISTRATION_KINDS = ['startup', 'investor'] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

const text = (max: number) => z.string().trim().max(max);
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }));
// At most 30 characters, as the company profile's contact phone takes it.
const phone = text(30)
  .min(6, { message: 'Enter a phone number' })
  .regex(/^[0-9+()\- ]*$/, { message: 'A phone number holds digits, spaces and + ( ) - only' });
const keys = z.array(text(100).min(1)).min(1, { message: 'Choose at least one industry' }).max(20);

/** `POST v1/clients/verifyMail`. */
export const VerifyMailBody = z
  .object({ email, kind: z.enum(REGISTRATION_KINDS).optional(), lang: z.enum(['zh-TW', 'en']).optional() })
  .strict();
export type VerifyMailBody = z.infer<typeof VerifyMailBody>;
/** The same for every address, whether it has an account or not. */
export const VerifyMailResponse = z.object({
  data: z.object({
    result: z.literal(true),
    expires_in_seconds: z.number().int(),
    resend_after_seconds: z.number().int(),
  }),
});

/** `POST v1/clients/verifyMailCode`. */
export const VerifyMailCodeBody = z
  .object({
    email,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'Enter the six-digit code' }),
  })
  .strict();
export type VerifyMailCodeBody = z.infer<typeof VerifyMailCodeBody>;
export const VerifyMailCodeResponse = z.object({
  data: z.object({ result: z.literal(true), ticket: z.string(), expires_at: z.string() }),
});

/** What a startup fills in: the basics of the Company section (SPEC section 3). */
export const StartupApplicationForm = z
  .object({
    company_name: text(200).min(1, { message: 'Enter the company name' }),
    contract_name: text(100).min(1, { message: 'Enter the contact person' }),
    contract_title: text(100).optional(),
    contract_tel: phone,
    industry_keys: keys,
    description: text(2000).min(10, { message: 'Describe the company in a few sentences' }),
    website: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]).optional(),
  })
  .strict();
export type StartupApplicationForm = z.infer<typeof StartupApplicationForm>;

/** What an investor fills in to apply for membership. */
export const InvestorApplicationForm = z
  .object({
    name: text(200).min(1, { message: 'Enter your name' }),
    phone,
    organisation: text(200).optional(),
    industry_keys: keys,
    check_size: z.coerce.number().finite().min(0).max(1e15).optional(),
    introduction: text(2000).optional(),
  })
  .strict();
export type InvestorApplicationForm = z.infer<typeof InvestorApplicationForm>;

const ticket = z
  .string()
  .min(20)
  .max(1000)
  .regex(/^[A-Za-z0-9_.-]+$/, { message: 'Invalid ticket' });

/** `POST v1/register`. */
export const RegisterBody = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('startup'), ticket, password: NewPassword, form: StartupApplicationForm })
    .strict(),
  z
    .object({ kind: z.literal('investor'), ticket, password: NewPassword, form: InvestorApplicationForm })
    .strict(),
]);
export type RegisterBody = z.infer<typeof RegisterBody>;
export const RegisterResponse = z.object({
  data: z.object({
    kind: z.enum(REGISTRATION_KINDS),
    email: z.string(),
    /** The draft case (startup) or the client (investor) made. */
    id: z.number().int(),
  }),
});

/** `GET v1/applications/count`: registrations staff have not handled yet. */
export const ApplicationCounts = z.object({ cases: z.number().int(), clients: z.number().int() });
export type ApplicationCounts = z.infer<typeof ApplicationCounts>;
