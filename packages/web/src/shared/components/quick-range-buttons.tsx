import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUICK_RANGES, type QuickRange } from '../quick-ranges.ts';

/** The spec's quick ranges as one-click buttons beside a range picker (the picker offers them too). */
export function QuickRangeButtons({ onPick }: { onPick: (range: QuickRange) => void }) {
  const { t } = useTranslation('common');
  return (
    <Space size={0} wrap className="gm-quick-ranges">
      {QUICK_RANGES.map((range) => (
        <Button key={range} type="link" size="small" onClick={() => onPick(range)}>
          {t(`time.quick.${range}`)}
        </Button>
      ))}
    </Space>
  );
}
