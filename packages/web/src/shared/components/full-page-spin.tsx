import { Flex, Spin } from 'antd';

export function FullPageSpin({ tip }: { tip?: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh', width: '100%' }}>
      <Spin size="large" description={tip} />
    </Flex>
  );
}
