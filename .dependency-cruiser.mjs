// Module walls of the server (`npm run lint` checks them, with scripts/module-cycles.mjs for cycles between module
// folders). Any violation fails: there is no list of known ones.
const MODULE = '^packages/server/src/(platform|store)/([^/]+)/';
const NOT_PRODUCTION = '\\.test\\.ts$|[/-]testing\\.ts$|^packages/server/src/test/';

export default {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Files that import each other, directly or around a circle, cannot be understood or moved alone.',
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: NOT_PRODUCTION },
      to: { circular: true },
    },
    {
      name: 'module-face-only',
      comment:
        'Another module is reached through its index.ts only; its tables, SQL and helpers are its own. React to it ' +
        'through events or registered handlers instead of importing back up.',
      severity: 'error',
      from: { path: MODULE, pathNot: [NOT_PRODUCTION, '/tables\\.ts$'] },
      to: {
        path: '^packages/server/src/(platform|store)/[^/]+/',
        pathNot: ['^packages/server/src/$1/$2/', '^packages/server/src/(platform|store)/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'tables-reference-tables',
      comment:
        "A tables.ts may name another module's table for a foreign key (the database is one schema and drizzle-kit " +
        'writes the constraint from it), and nothing else of that module.',
      severity: 'error',
      from: { path: MODULE + 'tables\\.ts$' },
      to: {
        path: '^packages/server/src/(platform|store)/[^/]+/',
        pathNot: ['^packages/server/src/$1/$2/', '^packages/server/src/(platform|store)/[^/]+/(index|tables)\\.ts$'],
      },
    },
    {
      name: 'root-through-faces',
      comment: 'The composition root (app, routes, wiring, seed, CLI, demo) reaches modules through their faces too.',
      severity: 'error',
      from: { path: '^packages/server/src/[^/]+\\.ts$', pathNot: NOT_PRODUCTION },
      to: {
        path: '^packages/server/src/(platform|store)/[^/]+/',
        pathNot: '^packages/server/src/(platform|store)/[^/]+/index\\.ts$',
      },
    },
    {
      name: 'kernel-imports-no-module',
      comment: 'The kernel (Ctx, withTx, AppError, the db handle) is what every module stands on.',
      severity: 'error',
      from: { path: '^packages/server/src/kernel/', pathNot: NOT_PRODUCTION },
      to: { path: '^packages/server/src/(platform|store|http|lib|db)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/' },
  },
};
