import nodemailer from 'nodemailer';
import { config } from '@/lib/platform/config';
import { logger } from '@/lib/platform/logger';

/**
 * Sends a one-time link by email when SMTP_URL is set. Sent after the change is committed: a mail
 * server that is down must not undo an invitation, and the administrator still has the link.
 * Answers whether the message was accepted by the mail server.
 */
export async function emailLink(to: string, subject: string, text: string): Promise<boolean> {
  const { SMTP_URL, SMTP_FROM } = config();
  if (!SMTP_URL) return false;
  try {
    const transport = nodemailer.createTransport(SMTP_URL, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 });
    await transport.sendMail({ from: SMTP_FROM, to, subject, text });
    return true;
  } catch (error) {
    // Never the message: it holds the link.
    logger().warn({ code: (error as { code?: unknown }).code, to }, 'email not sent; the administrator can copy the link');
    return false;
  }
}
