import { useRevalidator } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageHeader, Section } from '../../components/ui/page';
import { TotpSetup } from './totp-setup';

/** The one screen a member whose role requires two-factor sign-in sees until it is set up. */
export function EnrolTwoFactorPage() {
  const { revalidate } = useRevalidator();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader
        title="Set up two-factor sign-in"
        description="Your role can change the whole shop, so it needs a code from your phone as well as the password."
      />
      <Alert tone="info">Once it is on, you will be asked for a 6-digit code from your authenticator app each time you sign in.</Alert>
      <Section title="Authenticator app">
        {/* The shell's loader sees two-factor on and leaves this screen for the back office. */}
        <TotpSetup onEnabled={() => void revalidate()} />
      </Section>
    </div>
  );
}
