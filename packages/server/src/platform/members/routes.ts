import type { App } from '../../http/types.js';
import { bulkRoutes } from './bulk.routes.js';
import { memberRoutes } from './members.routes.js';
import { moderationRoutes } from './moderation.routes.js';
import { reportRoutes } from './reports.routes.js';

/** Every route of /members/v1. */
export function membersRoutes(app: App): void {
  memberRoutes(app);
  moderationRoutes(app);
  bulkRoutes(app);
  reportRoutes(app);
}
