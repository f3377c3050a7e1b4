import { describe, expect, it } from 'vitest';
import { checkAnswer, editDistance, type AnswerLanguage, type Verdict } from './answer-checker.ts';

type Case = [AnswerLanguage, string, string[], Verdict, string?];

const cases: Case[] = [
  // English (typing the English word from a translation)
  ['en', 'apple', ['apple'], 'correct'],
  ['en', '  Apple ', ['apple'], 'correct'],
  ['en', 'APPLE!', ['apple'], 'correct'],
  ['en', 'an apple', ['apple'], 'correct'],
  ['en', 'to run', ['run'], 'correct'],
  ['en', 'the house', ['house'], 'correct'],
  ['en', 'aple', ['apple'], 'almost', 'apple'],
  ['en', 'appel', ['apple'], 'almost', 'apple'],
  ['en', 'houes', ['house'], 'almost', 'house'],
  ['en', 'beer', ['bear'], 'wrong'],
  ['en', 'bare', ['bear'], 'wrong'],
  ['en', 'cat', ['cap'], 'wrong'],
  ['en', 'dog', ['cat'], 'wrong'],
  ['en', 'appple pie', ['apple'], 'wrong'],
  ['en', 'well-known', ['well known'], 'correct'],
  ['en', 'dont', ["don't"], 'correct'],
  ['en', 'mother in law', ['mother-in-law'], 'correct'],
  ['en', '', ['apple'], 'wrong'],
  ['en', '!!!', ['apple'], 'wrong'],
  ['en', 'café', ['cafe'], 'accent', 'cafe'],
  // Spanish
  ['es', 'manzana', ['manzana'], 'correct'],
  ['es', 'la manzana', ['manzana'], 'correct'],
  ['es', 'Una Manzana.', ['manzana'], 'correct'],
  ['es', 'arbol', ['árbol'], 'accent', 'árbol'],
  ['es', 'Árbol', ['árbol'], 'correct'],
  ['es', 'nino', ['niño'], 'accent', 'niño'],
  ['es', 'cancion', ['canción'], 'accent', 'canción'],
  ['es', 'mamá', ['madre', 'mamá'], 'correct', 'mamá'],
  ['es', 'mama', ['madre', 'mamá'], 'accent', 'mamá'],
  ['es', 'manzanna', ['manzana'], 'almost', 'manzana'],
  ['es', 'manzan', ['manzana'], 'almost', 'manzana'],
  ['es', 'pera', ['perro'], 'wrong'],
  ['es', 'casa', ['cosa'], 'wrong'],
  ['es', 'pero', ['perro'], 'almost', 'perro'],
  ['es', 'perro', ['pero'], 'wrong'],
  ['es', '¿qué?', ['qué'], 'correct'],
  ['es', 'comer', ['comer'], 'correct'],
  ['es', 'comen', ['comer'], 'almost', 'comer'],
  ['es', 'beber', ['comer'], 'wrong'],
  ['es', 'biblioteka', ['biblioteca'], 'almost', 'biblioteca'],
  ['es', 'libreria', ['librería', 'biblioteca'], 'accent', 'librería'],
  // Turkish
  ['tr', 'kız', ['kız'], 'correct'],
  ['tr', 'KIZ', ['kız'], 'correct'],
  ['tr', 'kiz', ['kız'], 'accent', 'kız'],
  ['tr', 'İngilizce', ['ingilizce'], 'correct'],
  ['tr', 'ingilizce', ['İngilizce'], 'correct'],
  ['tr', 'Ingilizce', ['İngilizce'], 'accent', 'İngilizce'],
  ['tr', 'IŞIK', ['ışık'], 'correct'],
  ['tr', 'ISIK', ['ışık'], 'accent', 'ışık'],
  ['tr', 'isik', ['ışık'], 'accent', 'ışık'],
  ['tr', 'öğretmen', ['öğretmen'], 'correct'],
  ['tr', 'ogretmen', ['öğretmen'], 'accent', 'öğretmen'],
  ['tr', 'öğretmne', ['öğretmen'], 'almost', 'öğretmen'],
  ['tr', 'ogretmn', ['öğretmen'], 'almost', 'öğretmen'],
  ['tr', 'çiçek', ['çiçek'], 'correct'],
  ['tr', 'cicek', ['çiçek'], 'accent', 'çiçek'],
  ['tr', 'kız', ['kaz'], 'wrong'],
  ['tr', 'elma', ['elma'], 'correct'],
  ['tr', 'alma', ['elma'], 'wrong'],
  ['tr', 'yemek', ['yemek'], 'correct'],
  ['tr', 'koşmak', ['koşmak'], 'correct'],
  ['tr', 'kosmak', ['koşmak'], 'accent', 'koşmak'],
  ['tr', 'anne', ['anne', 'ana'], 'correct'],
  ['tr', 'ana', ['anne', 'ana'], 'correct', 'ana'],
  // Azerbaijani
  ['az', 'məktəb', ['məktəb'], 'correct'],
  ['az', 'mektep', ['məktəb'], 'almost', 'məktəb'],
  ['az', 'mətbəx', ['məktəb'], 'wrong'],
  ['az', 'mekteb', ['məktəb'], 'accent', 'məktəb'],
  ['az', 'mäktäb', ['məktəb'], 'correct'],
  ['az', 'MƏKTƏB', ['məktəb'], 'correct'],
  ['az', 'qız', ['qız'], 'correct'],
  ['az', 'qiz', ['qız'], 'accent', 'qız'],
  ['az', 'QIZ', ['qız'], 'correct'],
  ['az', 'çörək', ['çörək'], 'correct'],
  ['az', 'corek', ['çörək'], 'accent', 'çörək'],
  ['az', 'xəstəxana', ['xəstəxana'], 'correct'],
  ['az', 'xestexana', ['xəstəxana'], 'accent', 'xəstəxana'],
  ['az', 'xəstəxna', ['xəstəxana'], 'almost', 'xəstəxana'],
  ['az', 'yaxşı', ['yaxşı'], 'correct'],
  ['az', 'yaxsi', ['yaxşı'], 'accent', 'yaxşı'],
  ['az', 'iyi', ['yaxşı'], 'wrong'],
  ['az', 'ev', ['ev'], 'correct'],
  ['az', 'əv', ['ev'], 'accent', 'ev'],
  ['az', 'su', ['süd'], 'wrong'],
  ['az', 'alma', ['alma'], 'correct'],
];

describe('checkAnswer', () => {
  it('has a broad table', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases)('[%s] %j against %j is %s', (language, input, accepted, verdict, expected) => {
    const result = checkAnswer(input, accepted, language);
    expect(result.verdict).toBe(verdict);
    if (expected) expect(result.expected).toBe(expected);
  });
});

describe('editDistance', () => {
  it.each([
    ['apple', 'apple', 0],
    ['apple', 'aple', 1],
    ['apple', 'appel', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });

  it('stops early past the limit', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 1)).toBe(2);
  });
});
