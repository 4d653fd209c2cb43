import { lazy, Suspense } from 'react';
import { Input, type InputNumberProps } from 'antd';

const AntInputNumber = lazy(() => import('antd/es/input-number'));

/**
 * antd's InputNumber, loaded when one is first shown: the log lists' filter shows one only once a
 * number condition is added, so their first visit does not carry it (docs/performance.md,
 * "Session 22"). Until it is in, a disabled box of the same size holds its place.
 */
export function LazyInputNumber(props: InputNumberProps<number>) {
  return (
    <Suspense fallback={<Input disabled aria-label={props['aria-label']} placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined} style={props.style} />}>
      <AntInputNumber {...(props as InputNumberProps)} />
    </Suspense>
  );
}
