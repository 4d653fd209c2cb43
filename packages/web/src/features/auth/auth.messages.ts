/** The `auth` namespace: sign-in and sign-up. */
export const en = {
  brand: {
    tagline: 'Run your live game with confidence.',
    point1: 'Regions, players, mail and announcements in one place',
    point2: 'Every change audited, every action permission-checked',
    point3: 'English and Chinese, side by side',
  },
  login: {
    title: 'Sign in',
    subtitle: 'Use your operator account.',
    fields: {
      account: { label: 'Account', placeholder: 'Account' },
      password: { label: 'Password', placeholder: 'Password' },
      otp: {
        label: 'Verification code',
        placeholder: '6-digit code or recovery code',
        help: 'Open your authenticator app and enter the current code.',
      },
    },
    submit: 'Sign in',
    noAccount: 'No account yet?',
    signUp: 'Sign up',
    registered: 'Account "{{account}}" has been created.',
    registeredHint: 'An administrator must grant it a role before you can use the console. You can sign in once that is done.',
    locked: 'Too many failed sign-ins.',
    lockedCountdown: 'Try again in {{seconds}} seconds.',
    lockedOver: 'You can try again now.',
    failed: 'Sign-in failed',
  },
  registry: {
    title: 'Sign up',
    subtitle: 'Create an operator account. An administrator grants its permissions.',
    fields: {
      name: {
        label: 'Name',
        placeholder: 'Account name, e.g. li.wei',
        help: '3-32 letters, digits, dots, dashes or underscores.',
      },
      password: { label: 'Password', placeholder: 'Password' },
      confirm: { label: 'Confirm password', placeholder: 'Enter the password again' },
    },
    submit: 'Sign up',
    haveAccount: 'Already have an account?',
    backToLogin: 'Back to sign-in',
  },
};
