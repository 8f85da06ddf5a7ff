import type { Builder } from '../builder';

export const teamInput = (builder: Builder) =>
  builder.inputType('TeamInput', {
    fields: (t) => ({
      name: t.string({ required: true }),
      description: t.string({ description: 'Left out on update: kept as it is. Null: cleared.' }),
      ownerId: t.id({ required: true }),
      userIds: t.idList({ required: true, description: 'The members; replaces the current list.' }),
    }),
  });
