import { expectationProblems } from '@shop/contracts';
import { USER_ACCESS_CONSUMER, userAccessConsumerExpectations } from './consumer-expectations.js';

describe("user-access's expectations of the users service's events", () => {
  it("the users service's contract sends every field it reads, of the kind and range it relies on", () => {
    expect(expectationProblems(USER_ACCESS_CONSUMER, userAccessConsumerExpectations)).toEqual([]);
  });
});
