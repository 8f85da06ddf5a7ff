import {
  type EvaluatedRule,
  queryJson,
  type RuleEvaluation,
  type SourceConnection,
  type SourceContext,
  SourceQueryError,
  vendorErrorMessage,
  z,
} from '@oncall/plugin-sdk';

/** Rows shown in the check document, and how much of each text cell. */
const DOCUMENT_ROWS = 10;
const DOCUMENT_CELL_CHARS = 200;

const metabaseSettings = z.looseObject({ dataSourceAlertName: z.string().min(1) });

// https://www.metabase.com/docs/latest/api (card): GET /api/card answers every card the key may
// see, archived ones left out by default: [{ id, name, archived, display, … }].
const cardsAnswer = z.array(
  z.looseObject({ id: z.number().int(), name: z.string(), archived: z.boolean().optional() }),
);

// POST /api/card/{id}/query answers 202 whether the query ran or not: `status: 'completed'` with
// `data: { rows, cols }` and `row_count`, or `status: 'failed'` with `error`.
const runAnswer = z.union([
  z.looseObject({
    status: z.literal('completed'),
    row_count: z.number().int().nonnegative().optional(),
    data: z.looseObject({
      rows: z.array(z.array(z.unknown())),
      cols: z.array(z.looseObject({ name: z.string() })),
    }),
  }),
  z.looseObject({ status: z.literal('failed'), error: z.unknown().optional() }),
]);

/** The one card (saved question) named so; none or several is the operator's to fix. */
async function findCard(
  source: SourceConnection,
  ctx: SourceContext,
  name: string,
): Promise<{ id: number; name: string }> {
  const cards = await queryJson(
    ctx,
    source,
    { path: '/api/card', errorDetail: vendorErrorMessage },
    cardsAnswer,
  );
  const named = cards.filter((card) => card.archived !== true && card.name.trim() === name);
  const [card, ...others] = named;
  if (card === undefined) throw new SourceQueryError(`Metabase has no saved question named "${name}".`);
  if (others.length > 0) {
    throw new SourceQueryError(
      `${named.length} Metabase saved questions are named "${name}" (ids ${named.map(({ id }) => id).join(', ')}); rename all but one.`,
    );
  }
  return { id: card.id, name: card.name };
}

/** A cell as the document keeps it: long text cut, so ten rows stay small. */
function documentCell(cell: unknown): unknown {
  return typeof cell === 'string' && cell.length > DOCUMENT_CELL_CHARS
    ? `${cell.slice(0, DOCUMENT_CELL_CHARS - 1)}…`
    : cell;
}

/**
 * A rule's run: runs the saved question (card) named by `dataSourceAlertName`
 * (`GET /api/card` to find it, `POST /api/card/{id}/query` to run it) and fires one instance when
 * it returns rows, as a Metabase alert set to "when a question returns results" does.
 */
export async function evaluate(
  source: SourceConnection,
  rule: EvaluatedRule,
  ctx: SourceContext,
): Promise<RuleEvaluation> {
  const settings = metabaseSettings.safeParse(rule.settings);
  if (!settings.success) throw new SourceQueryError(`The rule "${rule.name}" names no saved question.`);
  const card = await findCard(source, ctx, settings.data.dataSourceAlertName.trim());
  const path = `/api/card/${card.id}/query`;
  const answer = await queryJson(ctx, source, { path, json: {}, errorDetail: vendorErrorMessage }, runAnswer);
  if (answer.status === 'failed') {
    const reason = typeof answer.error === 'string' ? vendorErrorMessage(answer.error) : undefined;
    throw new SourceQueryError(`The saved question "${card.name}" failed${reason ? `: ${reason}` : '.'}`);
  }
  const { rows, cols } = answer.data;
  const rowCount = answer.row_count ?? rows.length;
  const firing =
    rows.length > 0
      ? [
          {
            name: rule.name,
            status: 'firing' as const,
            summary: `"${card.name}" returned ${rowCount} ${rowCount === 1 ? 'row' : 'rows'}`,
            labels: {},
            annotations: {},
            // One instance per rule: the question's result is the rule's, not a row's.
            fingerprint: rule.id,
            details: { card: card.name, cardId: String(card.id), rowCount: String(rowCount) },
          },
        ]
      : [];
  return {
    firing,
    document: {
      card,
      rowCount,
      columns: cols.map((col) => col.name),
      firstRows: rows.slice(0, DOCUMENT_ROWS).map((row) => row.map(documentCell)),
    },
  };
}
