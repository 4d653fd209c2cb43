import { AutoComplete } from 'antd';

/**
 * A text filter that suggests the words a column knows ("关卡 · stage") and takes any other text:
 * the value is the code. Loaded when first shown, so the log lists' first visit does not carry it.
 */
export default function WordInput({ suggestions, ariaLabel, placeholder, value, onChange }: { suggestions: { value: string; label: string }[]; ariaLabel: string; placeholder: string; value?: string; onChange?: (value: string) => void }) {
  return (
    <AutoComplete
      allowClear
      aria-label={ariaLabel}
      options={suggestions}
      filterOption={(typed, option) => String(option?.label ?? '').toLowerCase().includes(typed.toLowerCase())}
      placeholder={placeholder}
      style={{ width: 260 }}
      {...(value !== undefined ? { value } : {})}
      {...(onChange ? { onChange } : {})}
    />
  );
}
