import 'server-only';
import { ServiceError } from '@/lib/client';

/**
 * `instanceof` alone is not enough: Next bundles a module more than once per process, so an
 * error thrown by one copy of the client is not an instance of another copy's class.
 */
export function isServiceError(error: unknown): error is ServiceError {
  if (error instanceof ServiceError) return true;
  return (
    error instanceof Error &&
    error.name === 'ServiceError' &&
    typeof (error as Partial<ServiceError>).status === 'number' &&
    typeof (error as Partial<ServiceError>).code === 'string'
  );
}
