export { collectOperations, type Operation } from './operations.js';
export { graphqlRoutes } from './endpoint.js';
