import type { Translation } from './zh-TW.ts';

/** Self-service registration (issue 14), English. Typed by the Traditional Chinese resource. */
export const registrationEn: Translation['registration'] = {
  title: 'Register',
  steps: { email: 'Email', code: 'Code', password: 'Password', form: 'Details', done: 'Done' },
  kind: {
    label: 'I am',
    startup: 'A startup applying for funding',
    investor: 'An investor applying for membership',
  },
  email: {
    subtitle: 'First confirm your email: we will send you a six-digit code.',
    submit: 'Send code',
  },
  code: {
    subtitle: 'We sent a code to {{email}}. It is valid for {{minutes}} minutes.',
    submit: 'Verify',
    changeEmail: 'Use another email',
  },
  password: {
    subtitle: 'Choose the password you will sign in with.',
    strength: 'Strength',
    levels: { s0: 'Very weak', s1: 'Weak', s2: 'Fair', s3: 'Strong', s4: 'Very strong' },
    refusal: {
      common: 'This is one of the most common passwords: it is guessed at once.',
      email: 'The password must not be or contain your email.',
      weak: 'This password is too easy to guess: make it longer or mix unrelated words.',
    },
    submit: 'Next',
  },
  startup: {
    company_name: 'Company name',
    contract_name: 'Contact person',
    contract_title: 'Title',
    contract_tel: 'Phone',
    industry_keys: 'Industries',
    industryHint: 'Type an industry and press Enter; several are fine',
    description: 'About the company',
    descriptionHint: 'A few sentences on what the company does (at least 10 characters)',
    website: 'Website',
  },
  investor: {
    name: 'Name',
    phone: 'Phone',
    organisation: 'Organisation',
    industry_keys: 'Industries of interest',
    check_size: 'Planned investment per case (NT$)',
    introduction: 'About you',
  },
  required: 'Enter the {{field}}',
  phoneInvalid: 'A phone number holds digits, spaces and + ( ) - only',
  urlInvalid: 'Enter an address starting with http:// or https://',
  submit: 'Submit application',
  back: 'Back',
  done: {
    startupTitle: 'You are registered',
    startupBody:
      'Your startup account is ready. Sign in to complete your company profile; our team reviews it once you submit it.',
    startupAction: 'Sign in to complete your profile',
    investorTitle: 'Application sent',
    investorBody:
      'Thank you for applying! We will review your membership and email you; once approved you can sign in and see cases.',
    investorAction: 'Go to the investor sign-in',
  },
  toLogin: 'Already have an account? Sign in',
  newTag: 'New application',
  menuBadge: '{{count}} new applications',
  pendingFilter: 'New applications only',
  approve: 'Approve application',
  approveConfirm:
    "Approve this investor's membership application? They will then see cases as their tier allows.",
  approved: 'Membership application approved',
  pendingNotice: 'Your membership application is being reviewed: you will see cases once it is approved.',
  applicationStatus: { pending: 'Waiting', approved: 'Handled' },
  takeOn: 'Take on this application',
  takeOnConfirm:
    'Take on the application of “{{name}}”? You become the case’s account officer (AO), and the startup is told by mail.',
  takenOn: 'Taken on: you are now this case’s account officer.',
};
