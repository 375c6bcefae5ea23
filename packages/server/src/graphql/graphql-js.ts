import { createRequire } from 'node:module';
import type * as G from 'graphql';
import type * as Complexity from 'graphql-query-complexity';

// graphql-js ships CommonJS and ESM copies, and a type or schema made by one fails every `instanceof` of the other.
// mercurius requires the CommonJS one, so everything here takes that copy too, whatever the loader (Node, Vitest)
// would pick for an `import`. Classes are exported as a value and a type under one name, as an import would give.
const require = createRequire(import.meta.url);
const js = require('graphql') as typeof G;
const complexity = require('graphql-query-complexity') as typeof Complexity;

export const { getComplexity } = complexity;
export const { Kind, getNullableType, getOperationAST, parse, visit, printSchema } = js;

export const GraphQLError = js.GraphQLError;
export type GraphQLError = G.GraphQLError;
export const GraphQLSchema = js.GraphQLSchema;
export type GraphQLSchema = G.GraphQLSchema;
export const GraphQLObjectType = js.GraphQLObjectType;
export type GraphQLObjectType = G.GraphQLObjectType;
export const GraphQLInputObjectType = js.GraphQLInputObjectType;
export type GraphQLInputObjectType = G.GraphQLInputObjectType;
export const GraphQLEnumType = js.GraphQLEnumType;
export type GraphQLEnumType = G.GraphQLEnumType;
export const GraphQLScalarType = js.GraphQLScalarType;
export type GraphQLScalarType = G.GraphQLScalarType;
export const GraphQLList = js.GraphQLList;
export type GraphQLList<T extends G.GraphQLType> = G.GraphQLList<T>;
export const GraphQLNonNull = js.GraphQLNonNull;
export type GraphQLNonNull<T extends G.GraphQLNullableType> = G.GraphQLNonNull<T>;
export const { GraphQLBoolean, GraphQLFloat, GraphQLInt, GraphQLString } = js;
