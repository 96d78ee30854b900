import type { ContactService } from '../../client/contact/types.ts';
import type { DemandTally } from './tally.ts';

/** The contact service, counting each message it stores (the count only: nothing of the message). */
export function countedContact(service: ContactService, tally: DemandTally): ContactService {
  return {
    async submit(submission, token) {
      const outcome = await service.submit(submission, token);
      if (outcome.status === 'accepted') tally.count({ kind: 'contact', key: '' });
      return outcome;
    },
  };
}
