import type { OpenAPIHono } from '@hono/zod-openapi';
import type { OperatorPrincipal, Principal } from './principal';

export interface ApiEnv {
  Variables: {
    requestId: string;
    principal: Principal;
    /** Set on /operator/* only (lib/operator/guard.ts). */
    operator: OperatorPrincipal;
  };
}

export type ApiApp = OpenAPIHono<ApiEnv>;
