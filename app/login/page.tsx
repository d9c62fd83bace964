import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { redirect } from 'next/navigation';
import { safeCallbackUrl } from '@/lib/portal/paths';
import { readSession } from '@/lib/portal/session';
import { signInMessage } from '@/lib/portal/sign-in';
import { LoginForm } from './login-form';

export const metadata: Metadata = { title: 'Sign in' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(first(params.callbackUrl));
  if (await readSession()) redirect(callbackUrl);

  // next-auth's own callback route reports failures as ?error=<code>; only known codes become text.
  const error = first(params.error);
  const sessionEnded = first(params.reason) === 'session-ended';
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="text-center text-lg font-semibold tracking-tight text-brand-800">Collect</p>
        <div className="mt-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="mb-6 text-xl font-semibold text-slate-900">Sign in to your merchant portal</h1>
          {sessionEnded && (
            <p className="mb-5 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
              Your session has ended. Please sign in again.
            </p>
          )}
          <LoginForm callbackUrl={callbackUrl} initialMessage={error ? signInMessage(error) : undefined} />
          <p className="mt-4 text-sm">
            <Link href="/login/forgot-password" className="font-medium text-brand-800 underline underline-offset-2">
              Forgot password?
            </Link>
          </p>
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">
          Building an integration? Read the{' '}
          <Link href="/docs" className="font-medium text-brand-800 underline underline-offset-2">
            API reference
          </Link>
          .
        </p>
      </div>
    </main>
  );
}
