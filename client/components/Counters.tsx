const format = new Intl.NumberFormat('es-AR');

/** Marketing counters ("+485 clientes satisfechos"); numbers formatted for es-AR. */
export function Counters({
  items,
  plus = true,
}: {
  items: readonly { value: number; label: string }[];
  plus?: boolean;
}) {
  return (
    <ul className="counters">
      {items.map((item) => (
        <li key={item.label}>
          <strong>
            {plus ? '+' : ''}
            {format.format(item.value)}
          </strong>
          <span>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}
