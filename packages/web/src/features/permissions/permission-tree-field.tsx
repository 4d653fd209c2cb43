import { useMemo, useState } from 'react';
import { Button, Flex, Input, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { childrenOf, PERMISSION_BY_CODE } from '@gm/contract/permissions.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { ALL_CATALOGUE_CODES, catalogueTree, checkCode, halfCheckedOf, matchingCodes, uncheckCode, type CatalogueNode } from './permission-tree.ts';

const KIND_COLORS = { group: 'purple', page: 'blue', operation: 'orange' } as const;
const TOP_LEVEL: readonly number[] = childrenOf(null).map((p) => p.code);

/**
 * The whole permission catalogue as a checkable tree (labels in the operator's language, codes
 * shown). `grant` mode follows the role rules of `permission-tree.ts`; `deny` mode (the button
 * deny list) toggles single codes and only those the role grants.
 */
export function PermissionTreeField({
  value = [],
  onChange,
  mode,
  granted = [],
}: {
  value?: number[];
  onChange?: (value: number[]) => void;
  mode: 'grant' | 'deny';
  granted?: readonly number[];
}) {
  const { t, i18n } = useTranslation(['permissions', 'common']);
  const language = normalizeLanguage(i18n.language);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<number[]>([...TOP_LEVEL]);
  const visible = useMemo(() => matchingCodes(search, language), [search, language]);
  const grantedSet = useMemo(() => new Set(granted), [granted]);

  const treeData = useMemo(() => {
    const toNode = (node: CatalogueNode): TreeDataNode => {
      const { def } = node;
      const disabled = mode === 'deny' && !grantedSet.has(def.code);
      return {
        key: def.code,
        disableCheckbox: disabled,
        title: (
          <span className="gm-perm-node">
            <span>{language === 'zh-CN' ? def.zh : def.en}</span>
            <Tag variant="filled" className="gm-perm-code">
              {def.code}
            </Tag>
            <Tag variant="filled" color={KIND_COLORS[def.kind]}>
              {t(`tree.kinds.${def.kind}`)}
            </Tag>
            {disabled ? <Typography.Text type="secondary">{t('tree.notGranted')}</Typography.Text> : null}
          </span>
        ),
        children: node.children.map(toNode),
      };
    };
    return catalogueTree(visible).map(toNode);
  }, [visible, language, mode, grantedSet, t]);

  const toggle = (code: number, checked: boolean) => {
    if (mode === 'grant') onChange?.(checked ? checkCode(value, code) : uncheckCode(value, code));
    else onChange?.(checked ? [...new Set([...value, code])].sort((a, b) => a - b) : value.filter((c) => c !== code));
  };

  const selectAll = () => onChange?.(mode === 'grant' ? [...ALL_CATALOGUE_CODES] : [...granted].sort((a, b) => a - b));

  return (
    <div className="gm-perm-tree">
      <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('tree.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 240 }}
        />
        <Button size="small" onClick={() => setExpanded(ALL_CATALOGUE_CODES.filter((c) => childrenOf(c).length > 0))}>
          {t('common:buttons.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('common:buttons.collapseAll')}
        </Button>
        <Button size="small" onClick={selectAll}>
          {t('common:buttons.selectAll')}
        </Button>
        <Button size="small" onClick={() => onChange?.([])}>
          {t('common:buttons.clear')}
        </Button>
        <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
          {t('tree.selected', { count: value.filter((c) => PERMISSION_BY_CODE.has(c)).length })}
        </Typography.Text>
      </Flex>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        blockNode
        height={360}
        treeData={treeData}
        checkedKeys={{ checked: value, halfChecked: mode === 'grant' ? halfCheckedOf(value) : [] }}
        expandedKeys={visible ? [...visible] : expanded}
        onExpand={(keys) => setExpanded(keys.map(Number))}
        onCheck={(_, info) => toggle(Number(info.node.key), info.checked)}
      />
    </div>
  );
}
