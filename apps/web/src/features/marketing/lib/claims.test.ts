import { MARKETING_CLAIMS as shared } from '@platter/shared/constants';
import { describe, expect, it } from 'vitest';
import { MARKETING_CLAIMS } from './claims';

describe('MARKETING_CLAIMS', () => {
  it('is the shared contract’s', () => {
    expect(MARKETING_CLAIMS).toEqual(shared);
  });
});
