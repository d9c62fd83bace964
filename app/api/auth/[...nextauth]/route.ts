import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/lib/portal/auth';

// next-auth's own endpoints (session, csrf, signout, callback/credentials). Options are built
// per request because they read the runtime configuration, which `next build` does not have.
function handler(request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(request, context, authOptions());
}

export { handler as GET, handler as POST };
