// Domain events: the outbox every module writes its changes' events to, in the change's transaction (DESIGN §5).
export { eventIdentity, jobActor } from './identity.js';
export {
  changeAndEmit,
  emitEvent,
  emitUpdated,
  insertEvent,
  onDeliveriesWritten,
  preparedChangeAndEmit,
  type EmitEventInput,
} from './outbox.js';
export { eventEnvelope } from './read.js';
