import type {
  CreateServicePluginImplementationRequest,
  ListServicePluginCallsResponse,
  ListServicePluginImplementationsResponse,
  ServicePluginImplementationResponse,
  TestServicePluginResponse,
  UpdateServicePluginImplementationRequest,
} from '@plaza/contracts';
import { actionMethod, createMethod, deleteMethod, listMethod, updateMethod } from '../core/crud.js';
import { defineMethod, seg } from '../core/method.js';

export type {
  CreateServicePluginImplementationRequest,
  ListServicePluginCallsResponse,
  ListServicePluginImplementationsResponse,
  ServicePluginCall,
  ServicePluginImplementation,
  ServicePluginImplementationResponse,
  TestServicePluginResponse,
} from '@plaza/contracts';

const P = '/service-plugins/v1/implementations';

/**
 * The registered service plugins (your servers the site asks for shipping rates, taxes, ...). Owner or API key.
 * @example const { implementations } = await admin.servicePlugins.listImplementations();
 */
export const listImplementations = listMethod<ListServicePluginImplementationsResponse>(P);
export const createImplementation = createMethod<
  CreateServicePluginImplementationRequest['implementation'],
  ServicePluginImplementationResponse
>(P, 'implementation');
/** Changes the fields named in `fieldMask` (`name`, `url`, `enabled`, `timeoutMs`). */
export const updateImplementation = updateMethod<
  UpdateServicePluginImplementationRequest['implementation'],
  ServicePluginImplementationResponse
>(P, 'implementation');
export const deleteImplementation = deleteMethod(P, 'implementation');
/** Calls the plugin once with a sample request and reports what it answered. */
export const testImplementation = actionMethod<TestServicePluginResponse>(P, 'implementation', 'test');
/** The plugin's latest calls, newest first. */
export const listCalls = defineMethod<[implementationId: string], ListServicePluginCallsResponse>({
  argumentNames: ['implementationId'],
  request: (id) => ({ method: 'GET', path: `${P}/${seg(id)}/calls` }),
});

/** The service plugins module: `import { servicePlugins } from '@plaza/sdk/service-plugins'`. */
export const servicePlugins = {
  listImplementations,
  createImplementation,
  updateImplementation,
  deleteImplementation,
  testImplementation,
  listCalls,
};
