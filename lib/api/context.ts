import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Principal } from './principal';

export interface ApiEnv {
  Variables: {
    requestId: string;
    principal: Principal;
  };
}

export type ApiApp = OpenAPIHono<ApiEnv>;
