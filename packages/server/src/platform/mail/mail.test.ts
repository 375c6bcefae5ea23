import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailboxResponse } from '@plaza/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { appCode, call, violations } from '../../../test/http.js';
import { mailbox, memberTokens, newEmail, register, setPolicy, testKeys } from '../identity/testing.js';
import { sendMail } from './service.js';
import { escapeHtml, render } from './templates.js';

const password = 'mail test password';

describe('templates', () => {
  it('render plain text and HTML, escaping every value in the HTML', () => {
    const r = render('PASSWORD_RECOVERY', {
      siteName: '<b>Shop</b> & "Co"',
      link: 'https://shop.example/reset?token=a&b=<c>',
      minutes: 60,
    });
    expect(r.subject).toBe('Reset your <b>Shop</b> & "Co" password');
    expect(r.text).toContain('https://shop.example/reset?token=a&b=<c>');
    expect(r.html).toContain('&lt;b&gt;Shop&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(r.html).toContain('href="https://shop.example/reset?token=a&amp;b=&lt;c&gt;"');
    expect(r.html).not.toContain('<b>Shop');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });
});

describe('GET /dev/v1/mailbox (dev mailbox)', () => {
  let srv: TestServer;
  let key: string;
  beforeAll(async () => {
    srv = await startTestServer();
    key = await srv.createApiKey(['mailbox.read']);
  });
  afterAll(() => srv?.close());

  it("lists one recipient's messages newest first, and everything paged for the dashboard", async () => {
    const to = newEmail('box');
    for (const code of ['111111', '222222', '333333']) {
      await sendMail(srv.ctx(), { to, template: 'VERIFICATION_CODE', data: { siteName: 'S', code, minutes: 10 } });
      await new Promise((r) => setTimeout(r, 5));
    }
    const messages = await mailbox(srv, key, to.toUpperCase());
    expect(messages.map((m) => m.subject)).toEqual([
      '333333 is your S verification code',
      '222222 is your S verification code',
      '111111 is your S verification code',
    ]);
    expect(messages[0]).toMatchObject({ to, template: 'VERIFICATION_CODE', status: 'DEV_MAILBOX' });
    expect(Object.keys(messages[0]!).sort()).toEqual(
      ['createdDate', 'html', 'id', 'status', 'subject', 'template', 'text', 'to'].sort(),
    );
    const owner = await memberTokens(srv);
    const page = await call<MailboxResponse>(srv.url, 'GET', '/dev/v1/mailbox?paging.limit=2&paging.offset=1', {
      auth: owner.access,
    });
    expect(page.status).toBe(200);
    expect(page.body.messages.map((m) => m.subject)).toEqual([
      '222222 is your S verification code',
      '111111 is your S verification code',
    ]);
    expect(page.body.metadata).toEqual({ count: 2, offset: 1, total: 3 });
  });

  it('is only for the owner and mailbox.read keys', async () => {
    expect((await call(srv.url, 'GET', '/dev/v1/mailbox')).status).toBe(401);
    const visitor = await call(srv.url, 'GET', '/dev/v1/mailbox', { auth: `Bearer ${await srv.visitorToken()}` });
    expect(visitor.status).toBe(403);
    expect(visitor.body).not.toHaveProperty('messages');
    const keys = await testKeys(srv);
    await setPolicy(srv, keys.site, { emailVerificationRequired: false });
    const email = newEmail('member');
    await register(srv, { loginId: { email }, password });
    const member = await memberTokens(srv, email);
    expect((await call(srv.url, 'GET', '/dev/v1/mailbox', { auth: member.access })).status).toBe(403);
    expect((await call(srv.url, 'GET', '/dev/v1/mailbox', { auth: keys.identity })).status).toBe(403);
  });

  it('checks its query', async () => {
    const res = await call(srv.url, 'GET', '/dev/v1/mailbox?paging.limit=0&other=1', { auth: key });
    expect(violations(res.body).sort()).toEqual(['other:FIELD_NOT_ALLOWED', 'paging.limit:MIN']);
  });
});

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a random local port that requires a login and keeps what it receives. */
async function startSmtp(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth: (auth, _session, cb) =>
      auth.username === 'plaza' && auth.password === 's3cret' ? cb(null, { user: 'plaza' }) : cb(new Error('no')),
    onData: (stream, session, cb) => {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

describe('with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let srv: TestServer;
  let key: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    srv = await startTestServer({
      env: { SMTP_URL: `smtp://plaza:s3cret@127.0.0.1:${smtp.port}`, SMTP_FROM: 'Demo Shop <shop@example.com>' },
    });
    key = await srv.createApiKey(['mailbox.read']);
  });
  afterAll(async () => {
    await srv?.close();
    await smtp?.close();
  });

  it('sends the verification code over SMTP and records it as SENT', async () => {
    const email = newEmail('smtp');
    const res = await register(srv, { loginId: { email }, password });
    expect(res.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const got = smtp.received.find((m) => m.to.includes(email));
    expect(got).toBeDefined();
    expect(got!.from).toBe('shop@example.com');
    expect(got!.raw).toMatch(/^Subject: \d{6} is your Plaza Demo Store verification code/m);
    expect(got!.raw).toContain('Content-Type: text/html');
    const [row] = await mailbox(srv, key, email);
    expect(row).toMatchObject({ status: 'SENT', template: 'VERIFICATION_CODE' });
    expect(row!.sentDate).toBeDefined();
    const code = /\b(\d{6})\b/.exec(row!.text)![1]!;
    expect(got!.raw).toContain(code);
  });

  it('delivers recovery mail in the background', async () => {
    const keys = await testKeys(srv);
    await setPolicy(srv, keys.site, { emailVerificationRequired: false });
    const email = newEmail('smtp-recover');
    await register(srv, { loginId: { email }, password });
    expect((await call(srv.url, 'POST', '/identity/v1/send-email', { body: { email } })).status).toBe(200);
    await expect.poll(() => smtp.received.some((m) => m.to.includes(email)), { timeout: 5000 }).toBe(true);
    await expect.poll(async () => (await mailbox(srv, key, email))[0]?.status, { timeout: 5000 }).toBe('SENT');
  });
});

describe('with SMTP_URL pointing at a server that is down', () => {
  let srv: TestServer;
  let keys: Awaited<ReturnType<typeof testKeys>>;
  beforeAll(async () => {
    srv = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    keys = await testKeys(srv);
  });
  afterAll(() => srv?.close());

  it('still registers, records the mail as FAILED, and says SEND_CODE_ERROR when a code is asked for again', async () => {
    const email = newEmail('down');
    const res = await register(srv, { loginId: { email }, password });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const [row] = await mailbox(srv, keys.mailbox, email);
    expect(row!.status).toBe('FAILED');
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);

    const started = await call(srv.url, 'POST', '/identity/v1/Start', {
      auth: keys.identity,
      body: { identityId: res.body.identity.id, target: 'EMAIL' },
    });
    expect(started.status).toBe(500);
    expect(appCode(started.body)).toBe('SEND_CODE_ERROR');
  });
});
