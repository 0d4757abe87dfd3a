import * as contracts from '@quad/contracts';
import { CREATE_POST_BLANK, NEXT_CURSOR_HEADER, TOPIC_REQUIRED } from '../../../src/features/forum/forum-constants';

// The web keeps copies of these (to keep zod out of its bundle); they must equal the contract.
describe('forum constants', () => {
  it('when compared with @quad/contracts, then every copy is identical', () => {
    expect({ NEXT_CURSOR_HEADER, CREATE_POST_BLANK, TOPIC_REQUIRED }).toEqual({
      NEXT_CURSOR_HEADER: contracts.NEXT_CURSOR_HEADER,
      CREATE_POST_BLANK: contracts.CREATE_POST_BLANK,
      TOPIC_REQUIRED: contracts.TOPIC_REQUIRED,
    });
  });
});
