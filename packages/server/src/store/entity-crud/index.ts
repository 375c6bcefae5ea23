/** The admin CRUD of entities kept in their own rows, shared by the store modules that manage such entities. */
export { entityCrud, type EntityCrud } from './crud.js';
