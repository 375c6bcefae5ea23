import type { FastifyReply } from 'fastify';
import { AppError } from '../../kernel/errors.js';
import { sendHostedPage } from '../oauth/index.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface SsoProblem {
  status: number;
  /** What happened, in words for a shopper ("Signing in with Acme didn't work"). */
  title: string;
  /** Why, and what to do. */
  detail: string;
  /** Where "Back to sign in" leads: the login page with the same request, or the site's home. */
  backUrl: string;
}

/** An SSO failure in words: the AppError's message is already written for people; anything else stays generic. */
export function problemOf(e: unknown, backUrl: string): SsoProblem {
  if (e instanceof AppError) {
    const detail = e.message.replace(/^Single sign-on failed: /, '');
    return {
      status: e.status,
      title: "Signing in with your provider didn't work",
      detail: `${detail.charAt(0).toUpperCase()}${detail.slice(1)}${/[.!?]$/.test(detail) ? '' : '.'}`,
      backUrl,
    };
  }
  return {
    status: 500,
    title: "Signing in with your provider didn't work",
    detail: 'Something went wrong on our side. Please try again, or sign in another way.',
    backUrl,
  };
}

/**
 * People reach the SSO start and callback in a browser, so a failure is a page with a way back, never JSON; a caller
 * that asks for JSON (scripts, tests) still gets the usual error shape.
 */
export function sendSsoProblem(reply: FastifyReply, p: SsoProblem): FastifyReply {
  if (String(reply.request.headers.accept ?? '').includes('application/json')) {
    return reply.status(p.status).send({
      message: p.detail,
      details: { applicationError: { code: 'SSO_FAILED', description: p.detail } },
    });
  }
  return sendHostedPage(
    reply.status(p.status),
    (
      nonce,
    ) => `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(p.title)}</title>
<style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.375rem;line-height:1.3}
.actions{margin-top:2rem;display:flex;flex-wrap:wrap;gap:.75rem}.actions a{display:inline-block;padding:.55rem 1rem;border-radius:.375rem;text-decoration:none;font-weight:500}
.primary{background:#4f46e5;color:#fff}.secondary{border:1px solid #d1d5db;color:#1f2937}</style>
<main><h1>${escapeHtml(p.title)}</h1><p>${escapeHtml(p.detail)}</p>
<div class="actions"><a class="primary" href="${escapeHtml(p.backUrl)}">Back to sign in</a><a class="secondary" href="/">Go to the home page</a></div></main></html>`,
  );
}
