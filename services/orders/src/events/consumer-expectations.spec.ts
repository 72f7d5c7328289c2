import { expectationProblems } from '@shop/contracts';
import { ordersConsumerExpectations } from './consumer-expectations.js';

describe("the orders service's expectations of the events it consumes", () => {
  it.each(Object.entries(ordersConsumerExpectations))(
    "orders/%s: the producers' contracts send every field it reads, of the kind and range it relies on",
    (consumer, expectations) => {
      expect(expectationProblems(`orders/${consumer}`, expectations)).toEqual([]);
    },
  );
});
