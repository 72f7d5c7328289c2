import { expectationProblems } from '@shop/contracts';
import { catalogConsumerExpectations } from './consumer-expectations.js';

describe("the catalog service's expectations of the events it consumes", () => {
  it.each(Object.entries(catalogConsumerExpectations))(
    "catalog/%s: the producers' contracts send every field it reads, of the kind and range it relies on",
    (consumer, expectations) => {
      expect(expectationProblems(`catalog/${consumer}`, expectations)).toEqual([]);
    },
  );
});
