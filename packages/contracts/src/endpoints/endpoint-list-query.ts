import { z } from 'zod';
import { pageQueryShape } from '../common/page-query';

export const endpointListQuery = z.object({ ...pageQueryShape(), name: z.string().max(190).optional() });
