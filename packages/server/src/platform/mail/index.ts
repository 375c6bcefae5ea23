// Outgoing mail: rendered from templates, stored (the dev mailbox) and sent over SMTP when configured.
export {
  composeMail,
  deliverQueued,
  mailError,
  queueMail,
  sendMail,
  type ComposedMail,
  type SentMail,
} from './service.js';
export { composedMailsJson, insertComposedMails } from './composed.js';
export { mailRoutes } from './routes.js';
export type { MailLine, MailShipping } from './templates.js';
