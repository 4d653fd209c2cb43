import { createContext, useContext, useMemo, useState, type CSSProperties, type HTMLAttributes } from 'react';
import { Alert, Button, Card, Col, Empty, Row, Space, Table, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CloudServerOutlined, EditOutlined, HolderOutlined, SaveOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_KINDS, type Announcement, type AnnouncementKind } from '@gm/contract/announcements.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { lazyDialog } from '../../shared/components/lazy-dialog.tsx';
import { AddButton, RefreshButton } from '../../shared/components/list-toolbar.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed, useCan } from '../../shared/components/permission.tsx';
import { ConfirmRowAction, RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { showInfo, showSuccess } from '../../shared/feedback.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { translateKey } from '../../shared/translate.ts';
import { AreaText, StatusTag, TabCell } from './announcement-fields.tsx';
import { parseBoardType } from './announcement-filters.ts';
import { AnnouncementPreview } from './announcement-preview.tsx';
import { boardQueryOptions, gameBoardQueryOptions, usePublishAnnouncement, useSortAnnouncements } from './announcements.queries.ts';
import './announcements.css';

const BackupsDrawer = lazyDialog(() => import('./announcement-backups-drawer.tsx').then((m) => m.AnnouncementBackupsDrawer), (p) => p.open);

/** The drag handle's listeners, handed from the sortable row to the handle cell (antd's documented pattern). */
interface HandleContext {
  setActivatorNodeRef?: (element: HTMLElement | null) => void;
  listeners?: ReturnType<typeof useSortable>['listeners'];
  attributes?: ReturnType<typeof useSortable>['attributes'];
}
const RowHandleContext = createContext<HandleContext>({});

function DragHandle() {
  const { t } = useTranslation('announcements');
  const { setActivatorNodeRef, listeners, attributes } = useContext(RowHandleContext);
  return (
    <Button
      type="text"
      size="small"
      className="gm-drag-handle"
      icon={<HolderOutlined />}
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('board.handle')}
      // dnd-kit's attributes say role="button"; the label names what it does.
      aria-roledescription={t('board.handle')}
    />
  );
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: props['data-row-key'] });
  const style: CSSProperties = { ...props.style, transform: CSS.Translate.toString(transform), transition };
  const context = useMemo<HandleContext>(() => ({ setActivatorNodeRef, listeners, attributes }), [setActivatorNodeRef, listeners, attributes]);
  return (
    <RowHandleContext.Provider value={context}>
      <tr {...props} ref={setNodeRef} style={style} className={`${props.className ?? ''}${isDragging ? ' gm-row-dragging' : ''}`} />
    </RowHandleContext.Provider>
  );
}

/**
 * /info/announcement/notice: the board as the game shows it, one type at a time (in-site,
 * login, scrolling) in its order. Drag rows to sort (then save: the server re-sends what is
 * live with its new place), refresh one to the game, preview what players see, and back up or
 * restore the whole board.
 */
export function AnnouncementBoardPage() {
  const { t } = useTranslation(['announcements', 'common']);
  const search = useSearchState(parseBoardType);
  const type = search.state;
  const [backupsOpen, setBackupsOpen] = useState(false);
  return (
    <PageContainer
      title={t('titles.board')}
      description={t('descriptions.board')}
      extra={
        <>
          <Button icon={<CloudServerOutlined />} onClick={() => setBackupsOpen(true)}>
            {t('actions.backups')}
          </Button>
          <NewButton />
        </>
      }
    >
      <Card className="gm-board-tabs">
        <Tabs
          activeKey={type}
          onChange={(key) => search.update({ type: key === 'site' ? undefined : key })}
          items={ANNOUNCEMENT_KINDS.map((k) => ({ key: k, label: t(`typesLong.${k}`) }))}
        />
      </Card>
      {/* Keyed by type: an unsaved order belongs to the board it was made on. */}
      <Board key={type} type={type} />
      <BackupsDrawer open={backupsOpen} onClose={() => setBackupsOpen(false)} />
    </PageContainer>
  );
}

function NewButton() {
  const { t } = useTranslation('announcements');
  const navigate = useNavigate();
  return (
    <AddButton permission={P.ANNOUNCEMENT_EDIT} onClick={() => void navigate(paths.announcementAdd)}>
      {t('actions.add')}
    </AddButton>
  );
}

function Board({ type }: { type: AnnouncementKind }) {
  const { t } = useTranslation(['announcements', 'common']);
  const navigate = useNavigate();
  const query = useQuery(boardQueryOptions(type));
  // What the game itself shows now: each row says whether it is there.
  const gameBoard = useQuery(gameBoardQueryOptions(type));
  const inGame = useMemo(() => (gameBoard.data ? new Set(gameBoard.data.map((g) => g.announcementId)) : null), [gameBoard.data]);
  const sort = useSortAnnouncements();
  const publish = usePublishAnnouncement();
  const canEdit = useCan(P.ANNOUNCEMENT_EDIT);
  /** The operator's order while unsaved; null: the server's. */
  const [order, setOrder] = useState<string[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const serverRows = useMemo(() => query.data?.results ?? [], [query.data]);
  const rows = useMemo(() => {
    if (!order) return serverRows;
    const byId = new Map(serverRows.map((a) => [a.id, a]));
    const ordered = order.map((id) => byId.get(id)).filter((a): a is Announcement => a !== undefined);
    // Rows that arrived since the drag (another operator) go last.
    return [...ordered, ...serverRows.filter((a) => !order.includes(a.id))];
  }, [order, serverRows]);
  const moved = order !== null && order.some((id, i) => serverRows[i]?.id !== id);
  const selected = rows.find((a) => a.id === selectedId) ?? rows[0];

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = rows.map((a) => a.id);
    setOrder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  const saveOrder = () => {
    const ids = rows.map((a) => a.id);
    if (ids.length === 0) {
      // The spec's words; the server says the same to an empty `ids`.
      showInfo(translateKey('validation:announcementSortEmpty'));
      return;
    }
    sort.mutate(ids, {
      onSuccess: () => {
        setOrder(null);
        showSuccess(t('done.sorted'));
      },
    });
  };

  const columns: TableColumnsType<Announcement> = [
    ...(canEdit ? [{ key: 'handle', width: 44, align: 'center' as const, render: () => <DragHandle /> }] : []),
    { key: 'place', title: '#', width: 44, render: (_, __, index) => index + 1 },
    {
      key: 'title',
      title: t('fields.title'),
      render: (_, a) => (
        <div className="gm-cell-title">
          <Typography.Text strong ellipsis={{ tooltip: a.title }} className="gm-board-title">
            {a.title}
          </Typography.Text>
          <span className="gm-cell-sub">
            <TabCell tab={a.tab} tabTitle={a.tabTitle} />
            <Typography.Text type="secondary">
              {' · '}
              <AreaText areaId={a.areaId} />
            </Typography.Text>
          </span>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 120,
      render: (_, a) => (
        <div className="gm-cell-title">
          <StatusTag announcement={a} />
          {inGame ? (
            <Typography.Text type={inGame.has(a.id) ? 'success' : 'secondary'} className="gm-cell-sub">
              {inGame.has(a.id) ? t('board.live') : t('board.notLive')}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('common:table.actions'),
      width: 150,
      render: (_, a) => (
        <Allowed code={P.ANNOUNCEMENT_EDIT}>
          <RowActions wrap>
            <RowAction icon={<EditOutlined />} onClick={() => void navigate(`${paths.announcementAdd}?id=${encodeURIComponent(a.id)}`)}>
              {t('actions.edit')}
            </RowAction>
            <ConfirmRowAction
              danger={false}
              title={t('confirm.publish', { title: a.title })}
              onConfirm={async () => {
                await publish.mutateAsync(a.id);
                showSuccess(t('done.published'));
              }}
            >
              <SendOutlined /> {t('actions.publish')}
            </ConfirmRowAction>
          </RowActions>
        </Allowed>
      ),
    },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card
          title={t('titles.board')}
          extra={
            <Space wrap>
              <RefreshButton query={query} />
              <Allowed code={P.ANNOUNCEMENT_EDIT}>
                <Button icon={<UndoOutlined />} disabled={!moved} onClick={() => setOrder(null)}>
                  {t('actions.discardOrder')}
                </Button>
                <Button type="primary" icon={<SaveOutlined />} disabled={!moved && rows.length > 0} loading={sort.isPending} onClick={saveOrder}>
                  {t('actions.saveOrder')}
                </Button>
              </Allowed>
            </Space>
          }
        >
          {canEdit ? (
            <Alert className="gm-board-hint" type={moved ? 'warning' : 'info'} showIcon title={moved ? t('board.moved') : t('board.dragHint')} />
          ) : null}
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={rows.map((a) => a.id)} strategy={verticalListSortingStrategy}>
              <Table<Announcement>
                rowKey="id"
                size="middle"
                components={canEdit ? { body: { row: SortableRow } } : undefined}
                columns={columns}
                dataSource={rows}
                loading={query.isPending}
                pagination={false}
                scroll={{ x: 560 }}
                rowClassName={(a) => (a.id === selected?.id ? 'gm-row-selected' : '')}
                onRow={(a) => ({ onClick: () => setSelectedId(a.id) })}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('board.empty', { type: t(`types.${type}`) })} /> }}
              />
            </SortableContext>
          </DndContext>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('board.gameView')} className="gm-sticky-card" extra={selected ? <StatusTag announcement={selected} /> : null}>
          {selected ? (
            <AnnouncementPreview
              fields={selected}
              // The game lists what it shows (sent), in the board's order; the chosen one is open.
              board={{ tabs: rows.filter((a) => a.status === 'sent' || a.id === selected.id), activeId: selected.id }}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('board.empty', { type: t(`types.${type}`) })} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
