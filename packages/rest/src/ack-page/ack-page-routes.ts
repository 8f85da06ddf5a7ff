import type { AckLinkOutcome, AckLinkView, Core } from '@oncall/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ACK_PAGE_HEADERS, type AckPageContent, ackPageHtml } from './ack-page-html';
import { isCrossSitePost } from './cross-site-post';

export interface AckPageOptions {
  core: Core;
  /** Where users reach the service (`PUBLIC_URL`): a post from its origin is the page's own. */
  publicUrl?: string;
}

/** The form holds one token; nothing more is ever needed. */
const BODY_LIMIT_BYTES = 4096;
const postBody = z.object({ token: z.string().max(512) });

interface Answer {
  status: number;
  page: AckPageContent;
  json: unknown;
}

const refused = (status: number, title: string, message: string, view?: AckLinkView): Answer => ({
  status,
  page: { kind: 'refused', title, message, facts: view && 'facts' in view ? view.facts : null },
  json: { message, code: status === 422 ? 'validation_failed' : status === 403 ? 'forbidden' : 'not_found' },
});

type RefusedView = Extract<AckLinkView, { state: 'forged' | 'expired' | 'closed' }>;

/** What a link that acknowledges nothing (any more) answers, on GET and POST alike. */
function refusal(view: RefusedView): Answer {
  switch (view.state) {
    case 'forged':
      return refused(
        404,
        'Link not found',
        'This acknowledge link is not valid. Open it exactly as the message shows it.',
      );
    case 'expired':
      return refused(
        410,
        'Link expired',
        'This acknowledge link has expired. Acknowledge the alert in the app.',
      );
    case 'closed':
      return refused(
        410,
        'Nothing to acknowledge',
        'This alert is no longer firing: it was resolved, or its rule or endpoint was deleted.',
        view,
      );
  }
}

/** GET: the question, or why there is none. */
function pageAnswer(view: AckLinkView, token: string): Answer {
  switch (view.state) {
    case 'open':
      return {
        status: 200,
        page: { kind: 'confirm', facts: view.facts, token },
        json: { link: view.state, ...view.facts },
      };
    case 'acknowledged':
      return {
        status: 200,
        page: { kind: 'already', facts: view.facts },
        json: { link: view.state, ...view.facts },
      };
    default:
      return refusal(view);
  }
}

/** POST: done, done before, or why not; JSON in the contract's acknowledge answers. */
function postAnswer({ view, acknowledgedNow }: AckLinkOutcome): Answer {
  switch (view.state) {
    case 'open':
    case 'acknowledged':
      return acknowledgedNow
        ? {
            status: 200,
            page: { kind: 'acknowledged', facts: view.facts },
            json: { status: true, message: 'Alert rule acknowledged.' },
          }
        : {
            status: 200,
            page: { kind: 'already', facts: view.facts },
            json: { status: false, message: 'Alert rule already acknowledged.' },
          };
    default:
      return refusal(view);
  }
}

const NOT_ON_THE_PAGE = 'Acknowledge with the button on the link’s own page.';

/**
 * `/ack/<token>`, the acknowledge link of messages. GET and HEAD answer a small self-contained page
 * naming the alert, with one button that POSTs back to the link; only that POST acknowledges, since
 * mail scanners and chat previewers GET every link they see. No session: the signed token is the
 * authority. Answers are HTML, or JSON for a client that asks for it (or posts JSON).
 */
export async function ackPage(app: FastifyInstance, options: AckPageOptions): Promise<void> {
  const { core } = options;
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    const message =
      status === 500
        ? 'Something went wrong. Try again, or acknowledge in the app.'
        : 'The request was not understood.';
    return send(request, reply, {
      status,
      page: { kind: 'refused', title: status === 500 ? 'Error' : 'Bad request', message },
      json: { message, code: status === 500 ? 'internal' : 'validation_failed' },
    });
  });

  // A wildcard, not a parameter: route parameters are capped in length, and an overlong token
  // must get this page's 404 like any other that is not a link.
  app.get<{ Params: { '*': string } }>('/ack/*', { schema: { hide: true } }, async (request, reply) => {
    const token = request.params['*'];
    return send(request, reply, pageAnswer(await core.ackLinkActions.inspect(token), token));
  });

  app.post<{ Params: { '*': string } }>(
    '/ack/*',
    { bodyLimit: BODY_LIMIT_BYTES, schema: { hide: true } },
    async (request, reply) => {
      const token = request.params['*'];
      const check = core.ackLinks.verify(token);
      if (!check.valid && check.reason === 'forged')
        return send(request, reply, refusal({ state: 'forged' }));
      if (isCrossSitePost(request, publicOrigin)) {
        return send(request, reply, refused(403, 'Refused', NOT_ON_THE_PAGE));
      }
      const body = postBody.safeParse(request.body);
      if (!body.success || body.data.token !== token) {
        return send(request, reply, refused(422, 'Bad request', NOT_ON_THE_PAGE));
      }
      return send(request, reply, postAnswer(await core.ackLinkActions.acknowledge(token)));
    },
  );
}

function send(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
  reply.status(answer.status).headers(ACK_PAGE_HEADERS);
  if (wantsJson(request))
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer.json));
  return reply.type('text/html; charset=utf-8').send(ackPageHtml(answer.page));
}

/** JSON for a client that posted JSON, or accepts JSON and not HTML; browsers get the page. */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return (
    (request.headers['content-type'] ?? '').startsWith('application/json') ||
    (accept.includes('application/json') && !accept.includes('text/html'))
  );
}
