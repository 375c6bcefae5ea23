import fc from 'fast-check';

/**
 * Arbitrary GraphQL requests built from the introspected schema, for the no-5xx property test: field picks with
 * argument values shaped like their types (now and then of the wrong kind), as literals or as variables.
 */

export interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface Input {
  name: string;
  type: TypeRef;
  defaultValue: string | null;
}
export interface Field {
  name: string;
  args: Input[];
  type: TypeRef;
}
interface NamedType {
  kind: string;
  name: string;
  fields: Field[] | null;
  inputFields: Input[] | null;
  enumValues: { name: string }[] | null;
}
export interface Schema {
  query: Field[];
  mutation: Field[];
  types: Map<string, NamedType>;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
const INPUT = `name defaultValue type { ${TYPE_REF} }`;
const TYPE = `kind name fields { name args { ${INPUT} } type { ${TYPE_REF} } } inputFields { ${INPUT} } enumValues { name }`;

/**
 * The schema as the owner reads it by introspection, one type at a time: the whole schema in one query costs more
 * than a query may (so do three types' fields with their arguments).
 */
export async function introspect(ask: (query: string) => Promise<Record<string, unknown>>): Promise<Schema> {
  const root = (await ask('{ __schema { queryType { name } mutationType { name } types { name } } }')).__schema as {
    queryType: { name: string };
    mutationType: { name: string };
    types: { name: string }[];
  };
  const types = new Map<string, NamedType>();
  for (const { name } of root.types) {
    types.set(name, (await ask(`{ __type(name: "${name}") { ${TYPE} } }`)).__type as NamedType);
  }
  const fieldsOf = (name: string) => types.get(name)?.fields ?? [];
  return { types, query: fieldsOf(root.queryType.name), mutation: fieldsOf(root.mutationType.name) };
}

/** An enum value: a bare name in a literal, a string in variables. */
class Enum {
  constructor(readonly name: string) {}
}
/** A number written exactly as given (`1e999`, `99999999999999999999`), in a literal and in JSON alike. */
class Raw {
  constructor(readonly text: string) {}
}
export type Value = null | string | boolean | Enum | Raw | Value[] | { [key: string]: Value };

/** The value as GraphQL literal syntax. */
export function literal(v: Value): string {
  if (v === null) return 'null';
  if (v instanceof Raw) return v.text;
  if (v instanceof Enum) return v.name;
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
  return `{${Object.entries(v)
    .map(([k, x]) => `${k}: ${literal(x)}`)
    .join(', ')}}`;
}

/** The value as JSON text (for variables), numbers as their raw tokens. */
export function json(v: Value): string {
  if (v instanceof Raw) return v.text;
  if (v instanceof Enum) return JSON.stringify(v.name);
  if (Array.isArray(v)) return `[${v.map(json).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${json(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export const printType = (t: TypeRef): string =>
  t.kind === 'NON_NULL' ? `${printType(t.ofType!)}!` : t.kind === 'LIST' ? `[${printType(t.ofType!)}]` : t.name!;

const named = (t: TypeRef): TypeRef => (t.ofType ? named(t.ofType) : t);

const NAME = fc.stringMatching(/^[_A-Za-z][_0-9A-Za-z]{0,8}$/);
const EDGE_NUMBERS = [
  '1e999',
  '99999999999999999999999',
  '-1',
  '2147483648',
  '-2147483649',
  '0.5',
  '1E3',
  '-0',
  '1e-7',
];

/**
 * Strings: with `odd`, text of every kind (U+0000, lone surrogates, long, empty); without, plausible text. Both draw
 * on `known`, ids of records that exist, so a field reaches past its lookup now and then.
 */
export function textOf(known: string[], odd: boolean): fc.Arbitrary<string> {
  const plausible = [
    { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
    { weight: 2, arbitrary: fc.constantFrom(...known, '0190a3b2-0000-7000-8000-000000000000') },
  ];
  if (!odd) return fc.oneof(...plausible);
  return fc.oneof(
    ...plausible,
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.constantFrom('\ud800', '', ' ', '%', '../..', 'a'.repeat(3000), '2026-13-45T25:00') },
  );
}

/**
 * Values for input types, from the schema. `loose` ones are now and then of the wrong kind, an unknown enum value or
 * odd text (the server must refuse them cleanly); the others are well typed, so requests reach the routes.
 */
export class Values {
  private readonly text: fc.Arbitrary<string>;
  private readonly anyValue: fc.Arbitrary<Value>;
  private readonly number = fc.oneof(
    fc.integer({ min: -5, max: 200 }).map((n) => new Raw(String(n))),
    fc.constantFrom(...EDGE_NUMBERS).map((t) => new Raw(t)),
  );

  constructor(
    private readonly schema: Schema,
    known: string[],
    readonly loose: boolean,
  ) {
    const text = (this.text = textOf(known, loose));
    const leaf = fc.oneof(text, this.number, fc.boolean(), fc.constant(null));
    this.anyValue = fc.oneof(
      { weight: 4, arbitrary: leaf },
      { weight: 1, arbitrary: fc.array(leaf, { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.dictionary(NAME, leaf, { maxKeys: 3 }) },
    );
  }

  /** A value for `type`: shaped like it; when loose, one time in ten of any kind. */
  of(type: TypeRef, depth = 0): fc.Arbitrary<Value> {
    if (!this.loose) return this.shaped(type, depth);
    return fc.oneof({ weight: 9, arbitrary: this.shaped(type, depth) }, { weight: 1, arbitrary: this.anyValue });
  }

  private shaped(type: TypeRef, depth: number): fc.Arbitrary<Value> {
    if (type.kind === 'NON_NULL') return this.shaped(type.ofType!, depth);
    if (type.kind === 'LIST') {
      const item = this.of(type.ofType!, depth + 1);
      return fc.oneof({ weight: 4, arbitrary: fc.array(item, { maxLength: 3 }) }, { weight: 1, arbitrary: item });
    }
    const t = this.schema.types.get(type.name!);
    if (type.kind === 'ENUM') {
      const names = (t?.enumValues ?? []).map((e) => e.name);
      const name = fc.constantFrom(...names);
      return (this.loose ? fc.oneof({ weight: 6, arbitrary: name }, { weight: 1, arbitrary: NAME }) : name).map(
        (n) => new Enum(n),
      );
    }
    if (type.kind === 'INPUT_OBJECT') {
      if (depth > 4) return fc.constant({});
      const fields = t?.inputFields ?? [];
      const required = fields.filter((f) => f.type.kind === 'NON_NULL' && f.defaultValue === null).map((f) => f.name);
      if (!fields.length) return fc.constant({});
      const arbs = Object.fromEntries(fields.map((f) => [f.name, this.of(f.type, depth + 1)]));
      return fc.record(arbs, { requiredKeys: required });
    }
    switch (type.name) {
      case 'Int':
      case 'Float':
        return type.name === 'Float'
          ? fc.oneof(
              this.number,
              fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => new Raw(String(n))),
            )
          : this.number;
      case 'Boolean':
        return fc.boolean();
      case 'JSON':
        return this.anyValue;
      case 'DateTime':
        return fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          this.text,
        );
      default:
        return this.text;
    }
  }
}

/** A selection set for `type` ('' for a scalar): a few of its fields, nested a few levels at most. */
export function selectionOf(schema: Schema, type: TypeRef, depth = 1): fc.Arbitrary<string> {
  const t = schema.types.get(named(type).name!);
  if (!t || (t.kind !== 'OBJECT' && t.kind !== 'INTERFACE' && t.kind !== 'UNION')) return fc.constant('');
  const fields = (t.fields ?? []).filter((f) => f.args.every((a) => a.type.kind !== 'NON_NULL'));
  const isLeaf = (f: Field) => ['SCALAR', 'ENUM'].includes(named(f.type).kind);
  const pool = depth >= 4 ? fields.filter(isLeaf) : fields;
  if (!pool.length) return fc.constant('{ __typename }');
  return fc
    .subarray(pool, { minLength: 1, maxLength: Math.min(pool.length, depth === 1 ? 4 : 2) })
    .chain((picked) =>
      fc.tuple(
        ...picked.map((f) =>
          fc
            .tuple(
              selectionOf(schema, f.type, depth + 1),
              fc.constantFrom('', '', '', ' @include(if: true)', ' @skip(if: false)'),
            )
            .map(([sel, directive]) => `${f.name}${directive}${sel ? ` ${sel}` : ''}`),
        ),
      ),
    )
    .map((parts) => `{ ${parts.join(' ')} }`);
}

export interface Built {
  query: string;
  /** JSON text of the variables, or undefined for none. */
  variables?: string;
}

/**
 * A request for one root field: its arguments given as literals or through variables (with loose values, now and then
 * a variable missing), and a random selection of its result.
 */
export function requestFor(
  schema: Schema,
  values: Values,
  kind: 'query' | 'mutation',
  field: Field,
): fc.Arbitrary<Built> {
  const args = fc.record(Object.fromEntries(field.args.map((a) => [a.name, values.of(a.type)])), {
    requiredKeys: field.args.filter((a) => a.type.kind === 'NON_NULL').map((a) => a.name),
  }) as fc.Arbitrary<Record<string, Value>>;
  return fc
    .record({
      args,
      selection: selectionOf(schema, field.type),
      viaVariables: fc.boolean(),
      dropOne: values.loose ? fc.constantFrom(false, false, false, true) : fc.constant(false),
    })
    .map(({ args, selection, viaVariables, dropOne }) => {
      const given = Object.entries(args);
      const tail = selection ? ` ${selection}` : '';
      if (!viaVariables) {
        const list = given.map(([k, v]) => `${k}: ${literal(v)}`).join(', ');
        return { query: `${kind} { ${field.name}${list ? `(${list})` : ''}${tail} }` };
      }
      const types = new Map(field.args.map((a) => [a.name, a.type]));
      const defs = given.map(([k]) => `$${k}: ${printType(types.get(k)!)}`).join(', ');
      const uses = given.map(([k]) => `${k}: $${k}`).join(', ');
      const sent = dropOne ? given.slice(1) : given;
      return {
        query: `${kind} Fuzz${defs ? `(${defs})` : ''} { ${field.name}${uses ? `(${uses})` : ''}${tail} }`,
        variables: json(Object.fromEntries(sent)),
      };
    });
}
