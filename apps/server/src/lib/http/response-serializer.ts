import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { isUnchanging } from '../unchanging.ts';

const jsonSchemas = new WeakMap<z.ZodType, object>();

/**
 * The JSON Schema of a response's Zod schema, worked out once per schema: the serializer below
 * compiles from it, and route() reads from it whether the answer can be large.
 */
export function responseJsonSchema(schema: z.ZodType): object {
  let jsonSchema = jsonSchemas.get(schema);
  if (!jsonSchema) {
    jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
    jsonSchemas.set(schema, jsonSchema);
  }
  return jsonSchema;
}

/**
 * Answers are written by fast-json-stringify, compiled once per route from the JSON Schema of the
 * contract's Zod response (decision 026): it writes only the declared fields, in a generated
 * function, instead of checking every answer with Zod and then running JSON.stringify. An
 * unchanging answer's text (lib/unchanging.ts) is kept beside it, per route, for as long as it lives.
 *
 * With `validate` (the API suite), each answer is also checked against the Zod schema first, so a
 * handler that drifts from the contract still fails its tests; production does not pay for it.
 */
export function responseSerializerCompiler({ validate }: { validate: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const stringify = fastJson(responseJsonSchema(schema) as Parameters<typeof fastJson>[0]);
    const written = new WeakMap<object, string>();
    const write = (data: unknown): string => {
      if (!isUnchanging(data)) return stringify(data);
      let json = written.get(data);
      if (json === undefined) {
        json = stringify(data);
        written.set(data, json);
      }
      return json;
    };
    if (!validate) return write;
    return (data) => {
      const checked = schema.safeParse(data);
      if (!checked.success) {
        throw new Error(`${method} ${url} answered outside its contract: ${z.prettifyError(checked.error)}`);
      }
      return write(data);
    };
  };
}
