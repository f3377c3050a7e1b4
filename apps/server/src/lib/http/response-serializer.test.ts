import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { unchanging } from '../unchanging.ts';
import { responseSerializerCompiler } from './response-serializer.ts';

const Record = z.object({ id: z.number().int(), word: z.string() });

function compile(validate = false) {
  return responseSerializerCompiler({ validate })({
    schema: z.array(Record),
    method: 'GET',
    url: '/records/',
    httpStatus: '200',
  }) as (data: unknown) => string;
}

/** A record that counts how often its `id` is read. */
function countedRecord() {
  const reads = { count: 0 };
  const record = {
    get id() {
      reads.count += 1;
      return 7;
    },
    word: 'garden',
  };
  return { record, reads };
}

describe('the response serializer', () => {
  it('writes an ordinary answer on every request', () => {
    const write = compile();
    const { record, reads } = countedRecord();
    expect(write([record])).toBe('[{"id":7,"word":"garden"}]');
    write([record]);
    expect(reads.count).toBe(2);
  });

  it('writes an unchanging answer once and sends the same text after', () => {
    const write = compile();
    const { record, reads } = countedRecord();
    const answer = unchanging([record]);
    const readsToFreeze = reads.count;
    expect(write(answer)).toBe('[{"id":7,"word":"garden"}]');
    expect(write(answer)).toBe('[{"id":7,"word":"garden"}]');
    expect(reads.count).toBe(readsToFreeze + 1);
  });

  it('still checks an unchanging answer against its contract on every request when validating', () => {
    const write = compile(true);
    const answer = unchanging([{ id: 1.5, word: 'garden' }]);
    expect(() => write(answer)).toThrow(/outside its contract/);
    expect(() => write(answer)).toThrow(/outside its contract/);
  });
});

describe('unchanging', () => {
  it('freezes the value all the way down', () => {
    const answer = unchanging([{ id: 1, tags: ['a'] }]);
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer[0])).toBe(true);
    expect(Object.isFrozen(answer[0]!.tags)).toBe(true);
    expect(() => answer[0]!.tags.push('b')).toThrow(TypeError);
  });
});
