import { Type, type Static } from 'typebox';
import { MaskedBody } from '../common/bodies.js';
import { DateString, StringEnum, Timestamps } from '../common/schema.js';
import { SERVICE_PLUGIN_LIMITS } from './limits.js';
import { SERVICE_PLUGIN_TYPES } from './spis.js';

/** Per-call time limit, in ms: default 5 s, at most 10 s. */
export const SERVICE_PLUGIN_DEFAULT_TIMEOUT_MS = 5000;
export const SERVICE_PLUGIN_MAX_TIMEOUT_MS = 10_000;

/** An app's endpoint registered for one plugin type (at most one per type). */
export const ServicePluginImplementation = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: StringEnum(SERVICE_PLUGIN_TYPES),
  name: Type.String(),
  url: Type.String(),
  enabled: Type.Boolean(),
  timeoutMs: Type.Integer(),
  /** CLOSED: calls go out; OPEN: calls are refused until the cool-down ends (on the node that answers this). */
  circuit: StringEnum(['CLOSED', 'OPEN', 'HALF_OPEN'] as const),
  ...Timestamps,
});
export type ServicePluginImplementation = Static<typeof ServicePluginImplementation>;

const Name = Type.String({ minLength: 1, maxLength: SERVICE_PLUGIN_LIMITS.name });
const Url = Type.String({ minLength: 1, maxLength: SERVICE_PLUGIN_LIMITS.url });
const TimeoutMs = Type.Integer({ minimum: 100, maximum: SERVICE_PLUGIN_MAX_TIMEOUT_MS });

export const CreateServicePluginImplementationRequest = Type.Object(
  {
    implementation: Type.Object(
      {
        type: StringEnum(SERVICE_PLUGIN_TYPES),
        name: Name,
        url: Url,
        enabled: Type.Optional(Type.Boolean()),
        timeoutMs: Type.Optional(TimeoutMs),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type CreateServicePluginImplementationRequest = Static<typeof CreateServicePluginImplementationRequest>;

/** The type cannot change: delete and register again. */
export const SERVICE_PLUGIN_UPDATABLE_PATHS = ['name', 'url', 'enabled', 'timeoutMs'] as const;

export const UpdateServicePluginImplementationRequest = MaskedBody(
  'implementation',
  Type.Object(
    {
      name: Type.Optional(Name),
      url: Type.Optional(Url),
      enabled: Type.Optional(Type.Boolean()),
      timeoutMs: Type.Optional(TimeoutMs),
    },
    { additionalProperties: false },
  ),
);
export type UpdateServicePluginImplementationRequest = Static<typeof UpdateServicePluginImplementationRequest>;

export const ServicePluginImplementationResponse = Type.Object({ implementation: ServicePluginImplementation });
export type ServicePluginImplementationResponse = Static<typeof ServicePluginImplementationResponse>;
export const ListServicePluginImplementationsResponse = Type.Object({
  implementations: Type.Array(ServicePluginImplementation),
});
export type ListServicePluginImplementationsResponse = Static<typeof ListServicePluginImplementationsResponse>;

/**
 * How a call ended. OK and APP_ERROR are answers; the others make Plaza use the type's fallback (UNREACHABLE: no
 * connection, or the address is not allowed).
 */
export const SERVICE_PLUGIN_CALL_OUTCOMES = [
  'OK',
  'APP_ERROR',
  'TIMEOUT',
  'UNREACHABLE',
  'BAD_RESPONSE',
  'CIRCUIT_OPEN',
  'NOT_REGISTERED',
] as const;
export type ServicePluginCallOutcome = (typeof SERVICE_PLUGIN_CALL_OUTCOMES)[number];

/** One recorded call (the last 50 per implementation are kept). */
export const ServicePluginCall = Type.Object({
  id: Type.String({ format: 'uuid' }),
  method: Type.String(),
  calledDate: DateString,
  latencyMs: Type.Integer(),
  outcome: StringEnum(SERVICE_PLUGIN_CALL_OUTCOMES),
  /** The app's HTTP status; absent when no answer came (timeout, refused connection, open circuit). */
  statusCode: Type.Optional(Type.Integer()),
  /** Why the call failed, in words (the app's error description, or what was wrong with its answer). */
  error: Type.Optional(Type.String()),
  test: Type.Boolean(),
});
export type ServicePluginCall = Static<typeof ServicePluginCall>;

export const ListServicePluginCallsResponse = Type.Object({ calls: Type.Array(ServicePluginCall) });
export type ListServicePluginCallsResponse = Static<typeof ListServicePluginCallsResponse>;

/** A test call sends the type's sample request (or `request`, if given) and reports what came back. */
export const TestServicePluginRequest = Type.Object(
  {
    method: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    request: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type TestServicePluginRequest = Static<typeof TestServicePluginRequest>;
export const TestServicePluginResponse = Type.Object({
  call: ServicePluginCall,
  /** The app's answer when it fit the schema. */
  response: Type.Optional(Type.Unknown()),
  /** The app's application error, when it sent one. */
  appError: Type.Optional(Type.Object({ code: Type.String(), description: Type.String(), status: Type.Integer() })),
});
export type TestServicePluginResponse = Static<typeof TestServicePluginResponse>;
