import type { SignInPolicy } from '@plaza/contracts';

export function describeCaptcha(p: SignInPolicy): string {
  switch (p.captchaMode) {
    case 'NEVER':
      return 'Never';
    case 'ALWAYS':
      return 'On every sign-in';
    case 'AFTER_FAILURES':
      return `After ${p.captchaAfterFailures} failed sign-in${p.captchaAfterFailures === 1 ? '' : 's'}`;
  }
}

export const yesNo = (required: boolean) => (required ? 'Required' : 'Not required');
