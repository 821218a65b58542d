import { Input, type InputProps } from './input';

/** An email address input: the email keyboard and autofill. Forms check it with `emailRule` (web/src/lib/form-rules.ts). */
export function EmailInput(props: Omit<InputProps, 'type'>) {
  return <Input type="email" autoComplete="email" inputMode="email" {...props} />;
}
