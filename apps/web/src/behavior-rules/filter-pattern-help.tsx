import { Accordion, Code, Table, Text } from '@mantine/core';

const ROWS: Array<[string, string, string]> = [
  ['text', 'exactly this value (case matters)', 'web-1'],
  ['*', 'any run of characters, none included', 'db-*, *staging*, *'],
  ['a | b', 'either', 'web-1 | api-1'],
  ['a & b', 'both', 'db-* & *-eu'],
  ['!a', 'not', '!*staging*'],
  ['( … )', 'grouping', '!(web-* | api-*)'],
  ['(a|b)text', 'each alternative with that text', '(web|api)-1'],
];

/**
 * The filter pattern syntax the core parses (`behavior-filter-pattern.ts`), beside the filters.
 * Collapsed by default: a keyboard user opens it with the control like any accordion.
 */
export function FilterPatternHelp() {
  return (
    <Accordion variant="contained" chevronPosition="left">
      <Accordion.Item value="help">
        <Accordion.Control>How filter patterns work</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" mb="xs">
            A pattern matches one whole value: for API and notification rules the alert's instance, for other
            types the label named by the key (or the annotation of that name). Every filter must match. A key
            the alert does not have never matches, not even <Code>*</Code>.
          </Text>
          <Table fz="sm" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Write</Table.Th>
                <Table.Th>Means</Table.Th>
                <Table.Th>Example</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ROWS.map(([syntax, meaning, example]) => (
                <Table.Tr key={syntax}>
                  <Table.Td>
                    <Code>{syntax}</Code>
                  </Table.Td>
                  <Table.Td>{meaning}</Table.Td>
                  <Table.Td>
                    <Code>{example}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" mt="xs">
            <Code>!</Code> binds tightest, then <Code>&amp;</Code>, then <Code>|</Code>. Spaces around terms
            and operators are ignored. There is no escape: a value containing <Code>| &amp; ! ( )</Code>{' '}
            cannot be written. At most 1,000 characters and 32 groups, nested at most 8 deep.
          </Text>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
