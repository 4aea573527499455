import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { SsoButtons } from './sso-buttons';

export function LoginPage() {
  return (
    <AuthCard title="Log in">
      <LoginForm />
      <SsoButtons />
    </AuthCard>
  );
}
